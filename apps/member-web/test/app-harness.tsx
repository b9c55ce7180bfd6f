import { siteOpen } from '@app/testkit/fixtures';
import { listenDuringTests } from '@app/testkit/mock-server';
import { answerTrpcBatch, type ProcedureHandlers, type ProcedureReply } from '@app/testkit/trpc-batch';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { http } from 'msw';
import { afterEach } from 'vitest';
import { App } from '../src/app';
import { createAppRouter } from '../src/router';

/**
 * Test support for the member app's pages: the real app and tRPC client against msw, with the calls the
 * signed-in layout makes (site config, notifications, popups, support chat) answered as a quiet account.
 */
export const signedOut: ProcedureReply = { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } };

/** A member's list answered as one page that holds all of it (docs/api-conventions.md#paging). */
export const onePage = <T,>(items: T[]) => ({ items, total: items.length });

const quietLayout: ProcedureHandlers = {
  'maintenance.status': () => ({ data: siteOpen }),
  'site.config': () => ({ data: { adClientId: null, accountUrl: null, taskViewSeconds: 20 } }),
  'notifications.list': () => ({ data: { items: [], unreadCount: 0 } }),
  'popups.active': () => ({ data: [] }),
  'support.messages': () => ({ data: [] }),
};

interface ProcedureCall {
  path: string;
  input: unknown;
}

/** Starts msw for the test file; `answerWith` sets the replies, `calls` lists what the app asked for. */
export function setupTrpcServer() {
  const calls: ProcedureCall[] = [];
  // Registered first, so that it runs after the server's hooks have unmounted the page.
  afterEach(() => {
    calls.length = 0;
    sessionStorage.clear();
  });
  const server = listenDuringTests();

  function answerWith(handlers: ProcedureHandlers) {
    const all = { ...quietLayout, ...handlers };
    const recorded = Object.fromEntries(
      Object.entries(all).map(([path, handler]) => [
        path,
        (input: unknown) => {
          calls.push({ path, input });
          return handler(input);
        },
      ]),
    );
    server.use(http.all('*/trpc/*', ({ request }) => answerTrpcBatch(request, recorded)));
  }

  /** The inputs the app sent to one procedure, in order. */
  const inputsOf = (path: string) => calls.filter((call) => call.path === path).map((call) => call.input);

  return { server, answerWith, inputsOf };
}

export function renderAt(path: string) {
  return render(<App router={createAppRouter(createMemoryHistory({ initialEntries: [path] }))} />);
}
