import { dismissToast } from '@app/ui';
import { answerTrpcBatch, type ProcedureHandler } from '@app/ui/testing/trpc-batch.ts';
import { createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../src/app';
import { createAppRouter } from '../src/router';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // The toast store lives for the whole page, as in the app; each test starts without toasts.
  dismissToast();
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const noOperator = { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } } as const;

/** Answers as the server would for an operator session that login and logout change. */
function serveOperator(signedIn: boolean, extra: Record<string, ProcedureHandler> = {}) {
  const session = { signedIn, logins: [] as unknown[] };
  const handlers: Record<string, ProcedureHandler> = {
    'commission.auth': () => (session.signedIn ? { data: { authenticated: true, username: 'operator' } } : noOperator),
    'commission.login': (input) => {
      session.logins.push(input);
      session.signedIn = true;
      return { data: { authenticated: true, username: 'operator' } };
    },
    'commission.logout': () => {
      session.signedIn = false;
      return { data: { ok: true } };
    },
    ...extra,
  };
  server.use(http.all('*/trpc/*', ({ request }) => answerTrpcBatch(request, handlers)));
  return session;
}

function renderApp() {
  render(<App router={createAppRouter(createMemoryHistory({ initialEntries: ['/admin/percentage/'] }))} />);
}

async function fillLogin(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('commission dashboard', () => {
  it('checks the operator session before showing anything', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.all('*/trpc/*', async ({ request }) => {
        await answered;
        return answerTrpcBatch(request, { 'commission.auth': () => noOperator });
      }),
    );
    renderApp();

    expect((await screen.findByRole('status')).textContent).toContain('Checking your session...');
    answer();
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });

  it('requires both username and password before calling the server', async () => {
    const session = serveOperator(false);
    renderApp();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Username is required', 'Password is required']);
    expect(session.logins).toEqual([]);
  });

  it('reports wrong credentials with the server message', async () => {
    serveOperator(false, { 'commission.login': () => ({ error: { code: 'UNAUTHORIZED', message: 'Invalid credentials' } }) });
    renderApp();

    await fillLogin('operator', 'wrong-password');

    const toastTitle = await screen.findByText('Login Failed');
    expect(within(toastTitle.closest('li') as HTMLElement).getByText('Invalid credentials')).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('reports a server that cannot be reached', async () => {
    serveOperator(false);
    server.use(http.post('*/trpc/commission.login', () => HttpResponse.error()));
    renderApp();

    await fillLogin('operator', 'any-password');

    const toastTitle = await screen.findByText('Login Error');
    expect(within(toastTitle.closest('li') as HTMLElement).getByText('Unable to connect to server')).toBeTruthy();
  });

  it('opens the dashboard after login and returns to the form after logout', async () => {
    const session = serveOperator(false);
    renderApp();

    await fillLogin('operator', 'right-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Commission Dashboard' })).toBeTruthy();
    expect(session.logins).toEqual([{ username: 'operator', password: 'right-password' }]);
    expect(screen.getByText('5 pesos per VIP upgrade')).toBeTruthy();
    expect(screen.getByText('10 pesos per regular payout')).toBeTruthy();
    expect(screen.getByText('No commission transactions yet')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Commission Login' })).toBeTruthy();
  });
});
