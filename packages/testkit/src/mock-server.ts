import { dismissToast } from '@app/ui';
import { cleanup } from '@testing-library/react';
import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * msw for one file of an app's component tests: `server` listens while the file's tests run, a request no
 * handler answers fails the test, and each test starts with no handlers, nothing rendered and no toasts.
 * Called at the top of a test file (it registers the file's hooks); tests give handlers with `server.use`.
 */
export function listenDuringTests(server: SetupServer = setupServer()): SetupServer {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    // The toast store lives for the whole page, as in the app; a toast from one test must not answer for the next.
    dismissToast();
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return server;
}
