import {
  type CommissionPayout,
  type CommissionStats,
  commissionPayoutSchema,
  commissionStatsSchema,
  messages,
  staffMessages,
} from '@app/contracts';
import { listenDuringTests } from '@app/testkit/mock-server';
import { answerTrpcBatch, failProcedure, type ProcedureHandler, type ProcedureHandlers } from '@app/testkit/trpc-batch';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '../src/app';
import { createAppRouter } from '../src/router';

const server = listenDuringTests();

const noOperator = { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } } as const;

const emptyStats: CommissionStats = commissionStatsSchema.parse({
  totalBalance: '0.00',
  upgradeEarnings: '0.00',
  payoutEarnings: '0.00',
  totalUpgrades: 0,
  totalPayouts: 0,
  recentTransactions: [],
});

const earningStats: CommissionStats = commissionStatsSchema.parse({
  totalBalance: '1015.00',
  upgradeEarnings: '1005.00',
  payoutEarnings: '10.00',
  totalUpgrades: 201,
  totalPayouts: 1,
  recentTransactions: [
    { id: 'c3', type: 'payout', description: 'Payout of ₱200.00 approved', date: '2026-03-02T03:00:00.000Z', amount: '10.00' },
    { id: 'c2', type: 'upgrade', description: 'VIP upgrade to VIP 300', date: '2026-03-01T03:00:00.000Z', amount: '5.00' },
    {
      id: 'c1',
      type: 'upgrade',
      description: 'Adjustment of upgrade earnings by an admin',
      date: '2026-02-28T03:00:00.000Z',
      amount: '-2.50',
    },
  ],
});

const paidPayout: CommissionPayout = commissionPayoutSchema.parse({
  id: 'p1',
  amount: '250.00',
  paymentMethod: 'PayMaya',
  accountDetails: '0918 000 0000 Op Erator',
  status: 'paid',
  requestedAt: '2026-02-20T03:00:00.000Z',
  processedAt: '2026-02-21T03:00:00.000Z',
  notes: 'Payment completed',
});

/** Answers as the server would for an operator session that login and logout change; records each call's input. */
function serveOperator(signedIn: boolean, extra: ProcedureHandlers = {}) {
  const session = { signedIn };
  const handlers: ProcedureHandlers = {
    'commission.auth': () => (session.signedIn ? { data: { authenticated: true, username: 'operator' } } : noOperator),
    'commission.login': () => {
      session.signedIn = true;
      return { data: { authenticated: true, username: 'operator' } };
    },
    'commission.logout': () => {
      session.signedIn = false;
      return { data: { ok: true } };
    },
    'commission.stats': () => ({ data: emptyStats }),
    'commission.payouts': () => ({ data: [] }),
    'commission.requestPayout': () => ({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'No request expected' } }),
    'commission.passkeys.list': () => ({ data: { passkeys: [], stepUpUntil: null, required: false } }),
    ...extra,
  };
  const inputs: Record<string, unknown[]> = {};
  const recorded = Object.fromEntries(
    Object.entries(handlers).map(([path, handler]): [string, ProcedureHandler] => [
      path,
      (input) => {
        inputs[path] = [...(inputs[path] ?? []), input];
        return handler(input);
      },
    ]),
  );
  server.use(http.all('*/trpc/*', ({ request }) => answerTrpcBatch(request, recorded)));
  return { inputsOf: (path: string) => inputs[path] ?? [] };
}

function renderApp(path = '/admin/percentage/') {
  render(<App router={createAppRouter(createMemoryHistory({ initialEntries: [path] }))} />);
}

async function fillLogin(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** The toast whose title is `title`, for reading its description. */
async function toastTitled(title: string) {
  const toastTitle = await screen.findByText(title);
  return within(toastTitle.closest('li') as HTMLElement);
}

describe('unknown paths', () => {
  it('shows the 404 screen with the way back to the dashboard', async () => {
    renderApp('/admin/percentage/nowhere');

    expect(await screen.findByRole('heading', { level: 1, name: messages.notFoundPage })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Commission Dashboard' }).getAttribute('href')).toBe('/admin/percentage');
  });
});

describe('document titles', () => {
  it.each([
    [false, 'Commission Login'],
    [true, 'Commission Dashboard'],
  ])('names the tab for an operator signed in: %s', async (signedIn, heading) => {
    serveOperator(signedIn);
    renderApp();
    await screen.findByRole('heading', { level: 1, name: heading });
    await waitFor(() => expect(document.title).toBe(`${heading} · PesoTasks`));
  });
});

describe('commission login', () => {
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
    const { inputsOf } = serveOperator(false);
    renderApp();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Username is required',
      'Password is required',
    ]);
    expect(inputsOf('commission.login')).toEqual([]);
  });

  it('reports wrong credentials with the server message', async () => {
    serveOperator(false, { 'commission.login': () => ({ error: { code: 'UNAUTHORIZED', message: 'Invalid credentials' } }) });
    renderApp();

    await fillLogin('operator', 'wrong-password');

    expect((await toastTitled('Login Failed')).getByText('Invalid credentials')).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('closes the last failure when the next attempt signs in', async () => {
    let attempts = 0;
    serveOperator(false, {
      'commission.login': () =>
        ++attempts === 1
          ? { error: { code: 'UNAUTHORIZED', message: 'Invalid credentials' } }
          : { data: { authenticated: true, username: 'operator' } },
      'commission.auth': () => (attempts > 1 ? { data: { authenticated: true, username: 'operator' } } : noOperator),
    });
    renderApp();

    await fillLogin('operator', 'wrong-password');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Commission Dashboard' })).toBeTruthy();
    // Closed by the attempt, not by its time running out (TOAST.durationMs).
    expect(screen.queryByText('Login Failed')).toBeNull();
  });

  it('reports a server that cannot be reached', async () => {
    serveOperator(false);
    server.use(failProcedure('commission.login'));
    renderApp();

    await fillLogin('operator', 'any-password');

    expect((await toastTitled('Login Error')).getByText('Unable to connect to server')).toBeTruthy();
  });

  it('opens the dashboard after login and returns to the form after logout', async () => {
    const { inputsOf } = serveOperator(false);
    renderApp();

    await fillLogin('operator', 'right-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Commission Dashboard' })).toBeTruthy();
    expect(inputsOf('commission.login')).toEqual([{ username: 'operator', password: 'right-password' }]);
    expect(screen.getByText('5 pesos per VIP upgrade')).toBeTruthy();
    expect(screen.getByText('10 pesos per regular payout')).toBeTruthy();
    expect(await screen.findByText('No commission transactions yet')).toBeTruthy();
    expect(screen.getByText('No payout requests yet')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Commission Login' })).toBeTruthy();
    expect(await screen.findByText('Logged Out')).toBeTruthy();
  });
});

describe('commission dashboard', () => {
  it('shows the figures, the recent commission and the payout requests', async () => {
    serveOperator(true, { 'commission.stats': () => ({ data: earningStats }), 'commission.payouts': () => ({ data: [paidPayout] }) });
    renderApp();

    const balance = await screen.findByRole('group', { name: 'Total Balance' });
    expect(balance.textContent).toContain('₱1,015.00');
    const upgrades = screen.getByRole('group', { name: 'Upgrade Earnings' });
    expect(upgrades.textContent).toContain('₱1,005.00');
    expect(upgrades.textContent).toContain('201 VIP upgrades');
    const payouts = screen.getByRole('group', { name: 'Payout Earnings' });
    expect(payouts.textContent).toContain('₱10.00');
    expect(payouts.textContent).toContain('1 regular payout,');

    // Each row as [date, type, description, amount] by column (narrow screens fold the type under the description).
    const recent = screen.getByRole('table', { name: 'Recent commission transactions' });
    const rows = within(recent)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.firstChild?.textContent),
      );
    expect(rows).toEqual([
      ['Mar 2, 2026, 11:00 AM', 'Regular Payout', 'Payout of ₱200.00 approved', '+₱10.00'],
      ['Mar 1, 2026, 11:00 AM', 'VIP Upgrade', 'VIP upgrade to VIP 300', '+₱5.00'],
      ['Feb 28, 2026, 11:00 AM', 'VIP Upgrade', 'Adjustment of upgrade earnings by an admin', '-₱2.50'],
    ]);

    const requests = screen.getByRole('table', { name: 'Commission payout requests' });
    const headings = within(requests)
      .getAllByRole('columnheader')
      .map((heading) => heading.textContent);
    const [request] = within(requests).getAllByRole('row').slice(1);
    const cells = within(request as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.firstChild?.textContent);
    expect(Object.fromEntries(headings.map((heading, index) => [heading, cells[index]]))).toEqual({
      Requested: 'Feb 20, 2026, 11:00 AM',
      Amount: '₱250.00',
      Status: 'Paid',
      Method: 'Maya',
      'Account Details': '0918 000 0000 Op Erator',
      Processed: 'Feb 21, 2026, 11:00 AM',
      Notes: 'Payment completed',
    });

    expect(screen.getByRole('button', { name: 'Download statement (CSV)' })).toBeTruthy();
  });

  it('says when the figures cannot be loaded, and loads them again on request', async () => {
    let failures = 1;
    serveOperator(true, {
      'commission.stats': () =>
        failures-- > 0 ? { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Failed to load dashboard data' } } : { data: emptyStats },
    });
    renderApp();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load dashboard data');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Total Balance' })).toBeTruthy();
  });

  it('returns to the login form when the session has ended', async () => {
    const session = { ended: false };
    server.use(
      http.all('*/trpc/*', ({ request }) =>
        answerTrpcBatch(request, {
          'commission.auth': () => {
            // The first check finds the session; by the time the figures are asked for it has expired.
            if (session.ended) return noOperator;
            session.ended = true;
            return { data: { authenticated: true, username: 'operator' } };
          },
          'commission.stats': () => noOperator,
          'commission.payouts': () => noOperator,
        }),
      ),
    );
    renderApp();

    // The page says the session ended; its Sign in brings back the dashboard's own login form.
    const dialog = within(await screen.findByRole('dialog', { name: 'Your session has ended' }));
    expect(dialog.getByText(messages.auth.sessionEndedBody)).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Commission Login' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull();
  });
});

describe('request payout dialog', () => {
  const requested: CommissionPayout = commissionPayoutSchema.parse({
    id: 'p2',
    amount: '10.00',
    paymentMethod: 'G-CASH',
    accountDetails: '0917 000 0000',
    status: 'pending',
    requestedAt: '2026-03-03T03:00:00.000Z',
    processedAt: null,
    notes: null,
  });

  async function openDialog(extra: ProcedureHandlers = {}) {
    const { inputsOf } = serveOperator(true, { 'commission.stats': () => ({ data: earningStats }), ...extra });
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Request Payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Payout' });
    return { requests: () => inputsOf('commission.requestPayout'), dialog: within(dialog) };
  }

  async function chooseMethod(dialog: ReturnType<typeof within>, method: string) {
    const trigger = dialog.getByLabelText('Payment method');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: method }));
  }

  it('shows the balance and checks every rule before asking the server', async () => {
    const { requests, dialog } = await openDialog();
    expect(dialog.getByText('₱1,015.00')).toBeTruthy();

    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));
    expect((await dialog.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Amount is required',
      'Payment method is required',
      'Account details are required',
    ]);

    await userEvent.type(dialog.getByLabelText('Amount (₱)'), '1015.01');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));
    expect(await dialog.findByText('The amount cannot be more than the available balance of ₱1,015.00')).toBeTruthy();

    await userEvent.clear(dialog.getByLabelText('Amount (₱)'));
    await userEvent.type(dialog.getByLabelText('Amount (₱)'), '1.005');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));
    expect(await dialog.findByText('Use at most 2 decimal places')).toBeTruthy();
    expect(requests()).toEqual([]);
  });

  it('sends the request, confirms it and reloads the figures and requests', async () => {
    let payouts: CommissionPayout[] = [];
    let statsCalls = 0;
    const { requests, dialog } = await openDialog({
      'commission.stats': () => {
        statsCalls++;
        return { data: earningStats };
      },
      'commission.payouts': () => ({ data: payouts }),
      'commission.requestPayout': () => {
        payouts = [requested];
        return { data: requested };
      },
    });

    await userEvent.type(dialog.getByLabelText('Amount (₱)'), '10');
    await chooseMethod(dialog, 'GCash');
    await userEvent.type(dialog.getByLabelText('Account details'), '0917 000 0000');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));

    expect((await toastTitled('Payout Requested')).getByText('Your commission payout request was sent for approval.')).toBeTruthy();
    expect(requests()).toEqual([{ amount: '10', paymentMethod: 'G-CASH', accountDetails: '0917 000 0000' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = await screen.findByRole('table', { name: 'Commission payout requests' });
    expect(within(table).getByText('Pending')).toBeTruthy();
    expect(statsCalls).toBeGreaterThan(1);
  });

  it('shows the server’s refusal', async () => {
    const { dialog } = await openDialog({
      'commission.requestPayout': () => ({
        error: { code: 'BAD_REQUEST', message: 'The amount cannot be more than the available balance of ₱5.00' },
      }),
    });

    await userEvent.type(dialog.getByLabelText('Amount (₱)'), '10');
    await chooseMethod(dialog, 'Bank transfer');
    await userEvent.type(dialog.getByLabelText('Account details'), 'BDO 0000 0000');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));

    expect((await toastTitled('Request Failed')).getByText('The amount cannot be more than the available balance of ₱5.00')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Request Payout' })).toBeTruthy();
  });

  it('opens the passkey prompt when the request needs a step-up; closed, the request was not made and is not sent again', async () => {
    const { requests, dialog } = await openDialog({
      'commission.requestPayout': () => ({ error: { code: 'STEP_UP_REQUIRED', message: staffMessages.passkeys.stepUpRequired } }),
    });

    await userEvent.type(dialog.getByLabelText('Amount (₱)'), '10');
    await chooseMethod(dialog, 'GCash');
    await userEvent.type(dialog.getByLabelText('Account details'), '0917 000 0000');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));

    const prompt = await screen.findByRole('dialog', { name: 'Confirm with your passkey' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect((await toastTitled('Request Failed')).getByText('Not confirmed: the decision was not made.')).toBeTruthy();
    expect(requests()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Request Payout' })).toBeTruthy();
  });

  it('reports a request that got no answer', async () => {
    const { dialog } = await openDialog();
    server.use(failProcedure('commission.requestPayout'));

    await userEvent.type(dialog.getByLabelText('Amount (₱)'), '10');
    await chooseMethod(dialog, 'Maya');
    await userEvent.type(dialog.getByLabelText('Account details'), '0918');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));

    expect((await toastTitled('Error')).getByText('An error occurred while submitting the request.')).toBeTruthy();
  });
});
