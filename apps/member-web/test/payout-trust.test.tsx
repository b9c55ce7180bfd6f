import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onePage, renderAt, setupTrpcServer, signedOut } from './app-harness';
import { gcashPayout } from './earning-fixtures';

const { answerWith, inputsOf } = setupTrpcServer();

const pending = gcashPayout({
  id: 'payout-7',
  createdAt: '2026-11-22T07:05:00.000Z',
  status: 'pending',
  timeline: [{ status: 'requested', at: '2026-11-22T07:05:00.000Z', note: null }],
});

const hold = { reason: 'Same G-CASH number as 4 other accounts', since: '2026-11-23T01:30:00.000Z' };

describe('a payout waiting in the queue', () => {
  it('says where it stands and how long approvals usually take', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'payouts.list': () => ({ data: onePage([pending]) }),
      'payouts.queue': () => ({ data: [{ payoutId: 'payout-7', position: 3, queueLength: 41, medianApprovalSeconds: 6 * 3600 }] }),
    });
    renderAt('/payouts');
    const history = await screen.findByRole('table', { name: 'Payout History' });
    expect(await within(history).findByText('Position 3 of 41 · usually approved in about 6 hours')).toBeTruthy();
  });

  it('gives the position alone when no payout was approved lately', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'payouts.list': () => ({ data: onePage([pending]) }),
      'payouts.queue': () => ({ data: [{ payoutId: 'payout-7', position: 1, queueLength: 1, medianApprovalSeconds: null }] }),
    });
    renderAt('/payouts');
    expect(await screen.findByText('Position 1 of 1')).toBeTruthy();
  });
});

describe('payouts on hold', () => {
  it('are explained on the dashboard', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser({ payoutHold: hold }) }), 'transactions.list': () => ({ data: [] }) });
    renderAt('/');
    const banner = (await screen.findByText('Your payouts are on hold')).closest('[role="alert"]') as HTMLElement;
    expect(banner.textContent).toContain('Same G-CASH number as 4 other accounts');
    expect(banner.textContent).toContain('Since Nov 23, 2026, 9:30 AM');
  });

  it('are explained on the payouts page, where nothing can be requested meanwhile', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser({ payoutHold: hold }) }), 'payouts.list': () => ({ data: onePage([]) }) });
    renderAt('/payouts');
    expect(await screen.findByText('Same G-CASH number as 4 other accounts')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request Payout' }) as HTMLButtonElement).disabled).toBe(true);
    expect(inputsOf('payouts.request')).toEqual([]);
  });
});

describe('proof of payment on the landing page', () => {
  it('shows what was paid in the last 30 days and how fast', async () => {
    answerWith({
      'auth.user': () => signedOut,
      'payouts.publicStats': () => ({
        data: { paidCount: 1204, paidTotal: '312450.00', medianApprovalSeconds: 6 * 3600, asOf: '2026-11-24T00:00:00.000Z' },
      }),
    });
    renderAt('/');
    expect(
      await screen.findByText('1,204 payouts · ₱312,450.00 paid in the last 30 days · usually approved in about 6 hours'),
    ).toBeTruthy();
  });

  it.each([
    ['nothing was paid yet', { data: { paidCount: 0, paidTotal: '0.00', medianApprovalSeconds: null, asOf: '2026-11-24T00:00:00.000Z' } }],
    ['the figures cannot be read', { error: { code: 'INTERNAL_SERVER_ERROR' as const, message: 'Something went wrong' } }],
  ])('says nothing about payouts when %s', async (_case, reply) => {
    answerWith({ 'auth.user': () => signedOut, 'payouts.publicStats': () => reply });
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Earn pesos for simple online tasks' });
    await waitFor(() => expect(inputsOf('payouts.publicStats')).toHaveLength(1));
    expect(screen.queryByText(/paid in the last 30 days/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
