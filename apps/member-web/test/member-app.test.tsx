import { vipStatusSchema } from '@app/contracts';
import { siteOpen, testUser } from '@app/testkit/fixtures';
import { listenDuringTests } from '@app/testkit/mock-server';
import { answerTrpcBatch, type ProcedureHandlers, recordingInto } from '@app/testkit/trpc-batch';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signedOut } from './app-harness';
import { viewedTask } from './earning-fixtures';

/** Paths of every tRPC request the app made, e.g. "/trpc/auth.user,maintenance.status". */
let requestedPaths: string[] = [];
afterEach(() => {
  requestedPaths = [];
});
const server = listenDuringTests();

function answerWith(handlers: ProcedureHandlers) {
  server.use(
    http.all('*/trpc/*', ({ request }) => {
      requestedPaths.push(new URL(request.url).pathname);
      return answerTrpcBatch(request, handlers);
    }),
  );
}

describe('member app at /', () => {
  it('greets a signed-in member and shows their live figures', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'maintenance.status': () => ({ data: siteOpen }),
      'transactions.list': () => ({ data: [] }),
    });
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maria' })).toBeTruthy();
    const figure = (label: string) => within(screen.getByRole('group', { name: label }));
    expect(figure('Total Earnings').getByText('₱1,250.50')).toBeTruthy();
    expect(figure('Completed Tasks').getByText('12')).toBeTruthy();
    expect(figure('Available Balance').getByText('₱350.25')).toBeTruthy();
    expect(figure('Payout Completed').getByText('₱750.25')).toBeTruthy();
    expect(figure('Payout Completed').getByText('Pending: ₱150.00')).toBeTruthy();
    expect(await screen.findByText('No transactions found. Complete tasks to earn rewards!')).toBeTruthy();
    // The user and the maintenance status are asked for together, in one batched request (with the
    // dashboard's own data: see earning-dashboard.test.tsx).
    expect(requestedPaths[0]?.split(/[/,]/)).toEqual(expect.arrayContaining(['auth.user', 'maintenance.status']));
  });

  it('shows referral figures and the VIP pending banner only when they apply', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser({ referralCount: 3, referralEarnings: '150.00', vipPendingApproval: true }) }),
      'maintenance.status': () => ({ data: siteOpen }),
      'vip.status': () => ({
        data: vipStatusSchema.parse({
          vipTier: 'FREE',
          vipExpiresAt: null,
          vipPendingApproval: true,
          vipPaymentStatus: 'pending',
          pendingVipTier: 'VIP500',
          pendingSince: '2026-11-20T02:00:00.000Z',
          pendingReference: '1234567890123',
          lastRejection: null,
          dailyTaskLimit: 5,
          tasksCompletedToday: 0,
          tasksRemaining: 5,
          tasksDoneToday: [],
        }),
      }),
    });
    renderAt('/');

    expect(await screen.findByRole('group', { name: 'Referral Count' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Referral Earnings' })).getByText('₱150.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Manage Referrals/ }).getAttribute('href')).toBe('/referrals');
    expect(screen.getByText('VIP Approval Pending')).toBeTruthy();
    expect(
      await screen.findByText('Your VIP membership upgrade to VIP 500 is pending admin approval. Your payment is being verified.'),
    ).toBeTruthy();
  });

  it('leaves referral figures and the VIP banner out for a member without them', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser() }), 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt('/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maria' });
    expect(screen.queryByRole('group', { name: 'Referral Count' })).toBeNull();
    expect(screen.queryByText('VIP Approval Pending')).toBeNull();
  });

  it('shows the landing page with sign-in links when auth.user answers UNAUTHORIZED', async () => {
    answerWith({ 'auth.user': () => signedOut, 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Earn pesos for simple online tasks' })).toBeTruthy();
    const signInLinks = [...screen.getAllByRole('link', { name: /Get Started/ }), ...screen.getAllByRole('link', { name: 'Sign In' })];
    expect(signInLinks.map((link) => link.getAttribute('href'))).toEqual(signInLinks.map(() => '/api/login'));
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });
});

describe('member app routing', () => {
  it('shows the landing page to a signed-out visitor on a members-only page', async () => {
    answerWith({ 'auth.user': () => signedOut, 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt('/history');

    expect(await screen.findByRole('heading', { level: 1, name: 'Earn pesos for simple online tasks' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Transaction History' })).toBeNull();
    // Signing in comes back to the page the visitor asked for.
    const signInLinks = screen.getAllByRole('link', { name: 'Sign In' });
    expect(signInLinks.map((link) => link.getAttribute('href'))).toEqual(signInLinks.map(() => '/api/login?returnTo=%2Fhistory'));
  });

  it('lets a signed-out visitor see the tasks page inside the layout, with a Sign In button', async () => {
    answerWith({ 'auth.user': () => signedOut, 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt('/tasks');

    expect(await screen.findByRole('heading', { level: 1, name: 'Available Tasks' })).toBeTruthy();
    expect(screen.getByText('Sign in to see your tasks')).toBeTruthy();
    const signInLinks = screen.getAllByRole('link', { name: 'Sign In' });
    expect(signInLinks.map((link) => link.getAttribute('href'))).toEqual(signInLinks.map(() => '/api/login?returnTo=%2Ftasks'));
  });

  it('shows 404 Page Not Found to a signed-in member on an unknown path', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser() }), 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
  });

  it('shows the landing page to a signed-out visitor on an unknown path', async () => {
    answerWith({ 'auth.user': () => signedOut, 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Earn pesos for simple online tasks' })).toBeTruthy();
  });
});

describe('task browser', () => {
  it('shows the linked task with the reward the server says it pays', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'maintenance.status': () => ({ data: siteOpen }),
      'tasks.get': () => ({ data: viewedTask }),
    });
    renderAt('/task-browser?taskId=7');

    expect(await screen.findByRole('heading', { level: 1, name: 'View Product Page' })).toBeTruthy();
    expect(screen.getByText('Reward: ₱1.50')).toBeTruthy();
    expect(screen.getByText('example.com')).toBeTruthy();
  });

  it.each([
    ['no task at all', '/task-browser'],
    ['only the old display fields', '/task-browser?taskUrl=https%3A%2F%2Fexample.com&title=Visit&reward=1.50'],
  ])('sends a link with %s to the tasks page', async (_case, path) => {
    answerWith({ 'auth.user': () => ({ data: testUser() }), 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Available Tasks' })).toBeTruthy();
  });
});

describe('maintenance gate', () => {
  const closed = { data: { ...siteOpen, maintenance: true, message: 'Back at 6 PM after an upgrade.' } };

  it('replaces the site for a member while maintenance is on', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser() }), 'maintenance.status': () => closed });
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Under Maintenance' })).toBeTruthy();
    expect(screen.getByText('Back at 6 PM after an upgrade.')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('5:00');
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('lets an admin through while maintenance is on', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser({ isAdmin: true }) }), 'maintenance.status': () => closed });
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maria' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Under Maintenance' })).toBeNull();
  });

  it('keeps the site open when the status check fails, and only logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'maintenance.status': () => ({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side.' } }),
    });
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maria' })).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Maintenance status check failed', expect.anything()));
    logged.mockRestore();
  });
});

describe('the browser’s traits', () => {
  it('are sent once per session after sign-in, and carried by every call from then on', async () => {
    const sent: unknown[] = [];
    const carried: (string | null)[] = [];
    sessionStorage.clear();
    server.use(
      http.all('*/trpc/*', ({ request }) => {
        carried.push(request.headers.get('x-device-traits'));
        return answerTrpcBatch(request, {
          'auth.user': () => ({ data: testUser() }),
          'maintenance.status': () => ({ data: siteOpen }),
          'transactions.list': () => ({ data: [] }),
          'auth.device': recordingInto(sent, { data: { ok: true } }),
        });
      }),
    );
    renderAt('/');
    await waitFor(() => expect(sent).toHaveLength(1));
    const [{ traits }] = sent as [{ traits: string }];
    expect(traits).toMatch(/^[0-9a-f]{64}$/);
    // A call goes out with them once they are ready, never waiting for them.
    expect(carried.at(-1)).toBe(traits);
    expect(carried.filter((header) => header !== null && header !== traits)).toEqual([]);

    // The same session again (a reload): every call carries them, and they are not sent again.
    cleanup();
    carried.length = 0;
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maria' })).toBeTruthy();
    await waitFor(() => expect(carried.length).toBeGreaterThan(0));
    expect(new Set(carried)).toEqual(new Set([traits]));
    expect(sent).toHaveLength(1);
  });
});

describe('without a connection', () => {
  it('shows the offline screen, not the landing page, when the first call gets no answer', async () => {
    server.use(http.all('*/trpc/*', () => HttpResponse.error()));
    renderAt('/history');

    expect(await screen.findByRole('heading', { level: 1, name: "You're offline" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Earn pesos for simple online tasks')).toBeNull();
  });

  it('keeps the landing page for a visitor the server answered as signed out', async () => {
    answerWith({ 'auth.user': () => signedOut, 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: /Earn pesos/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "You're offline" })).toBeNull();
  });
});
