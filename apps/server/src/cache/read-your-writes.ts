import { AsyncResource } from 'node:async_hooks';
import { hashToken, SESSION_COOKIE } from '@app/auth';
import { type AppCaches, type ChangeFeed, runInWriteScope, type WriteScope } from '@app/db';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    writeScope: WriteScope;
    writeScopeResource: AsyncResource;
  }
}

/**
 * After a request's own writes, its session's entry: the member row as the request's one own write
 * returned it, when it did (an earning credited on its own), and else nothing, for the next call to read
 * it again.
 */
function keepOwnWrite(sessions: AppCaches['sessions'], hash: string, scope: WriteScope): void {
  const row = scope.ownWrites === 1 ? scope.ownRow : undefined;
  const kept =
    row !== undefined &&
    sessions.replaceAfterWrite(hash, `user:${row.id}`, (session) => (session?.user.id === row.id ? { ...session, user: row } : undefined));
  if (!kept) sessions.invalidateRow(`session:${hash}`);
}

/**
 * Each request records which rows this instance caches it wrote (docs/architecture.md#caches), so that the
 * next call of the same client, to the same instance, never reads the value it replaced:
 * - its own session or user (a balance just credited, a session just ended): its session's entry is
 *   dropped at once, without waiting for the notification, or, for an earning whose statement returned
 *   the member row, given that row (the common case; the row's notification then names the version it
 *   already holds, and leaves it);
 * - the settings, the tasks or the plans, or any member's row written by an admin's call (a suspension, a
 *   balance edit): the answer waits until the notifications of its writes have reached this instance.
 * Other instances, and this one's other sessions, catch up as the notifications arrive, within milliseconds.
 */
export function registerReadYourWrites(app: FastifyInstance, changes: ChangeFeed, sessions: AppCaches['sessions']): void {
  app.decorateRequest('writeScope');
  app.decorateRequest('writeScopeResource');
  app.addHook('onRequest', (req, _reply, done) => {
    req.writeScope = { wroteOwn: false, wroteShared: false };
    runInWriteScope(req.writeScope, () => {
      req.writeScopeResource = new AsyncResource('write-scope');
      req.writeScopeResource.runInAsyncScope(done);
    });
  });
  // Node emits the body's last chunk from the socket's own context, so the handler would run outside the
  // scope: it is entered again for validation, the handler and what follows.
  app.addHook('preValidation', (req, _reply, done) => {
    req.writeScopeResource.runInAsyncScope(done);
  });
  app.addHook('onSend', async (req) => {
    const scope = req.writeScope;
    if (!scope) return;
    const token = req.cookies[SESSION_COOKIE];
    if (scope.wroteOwn && token) keepOwnWrite(sessions, hashToken(token), scope);
    if (scope.wroteShared) await changes.sync();
    else if (scope.queuedChanges) changes.sendQueuedSoon();
  });
}
