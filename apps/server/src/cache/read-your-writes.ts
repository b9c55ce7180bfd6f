import { AsyncResource } from 'node:async_hooks';
import { type ChangeFeed, runInWriteScope, type WriteScope } from '@app/db';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    writeScope: WriteScope;
    writeScopeResource: AsyncResource;
  }
}

/**
 * Each request records whether it wrote a row this instance caches (docs/architecture.md#caches). Before
 * such a request is answered, the server waits until the notifications of its writes have reached this
 * instance's caches, so the next call of the same client, to the same instance, never reads the value it
 * replaced (a balance just credited, a session just ended). Other instances catch up as their
 * notifications arrive, within milliseconds.
 */
export function registerReadYourWrites(app: FastifyInstance, changes: ChangeFeed): void {
  app.decorateRequest('writeScope');
  app.decorateRequest('writeScopeResource');
  app.addHook('onRequest', (req, _reply, done) => {
    req.writeScope = { wroteCachedTable: false };
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
    if (req.writeScope?.wroteCachedTable) await changes.sync();
  });
}
