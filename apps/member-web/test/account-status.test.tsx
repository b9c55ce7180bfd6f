import { testUser } from '@app/testkit/fixtures';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onePage, renderAt, setupTrpcServer } from './app-harness';

const { answerWith } = setupTrpcServer();

describe('a suspended account', () => {
  it('is told why on the first page after sign-in, and on every page, before anything is refused', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser({ accountStatus: 'suspended', statusReason: 'Same G-CASH number as 4 other accounts' }) }),
      'transactions.list': () => ({ data: [] }),
      'payouts.list': () => ({ data: onePage([]) }),
      'payouts.queue': () => ({ data: [] }),
    });
    renderAt('/');
    const banner = (await screen.findByText('Your account is suspended')).closest('[role="alert"]') as HTMLElement;
    expect(banner.textContent).toContain('Same G-CASH number as 4 other accounts');
    expect(banner.textContent).toContain('you cannot do tasks, buy a plan or request a payout');
  });

  it('shows nothing of the kind to an active member', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser() }), 'transactions.list': () => ({ data: [] }) });
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maria' });
    expect(screen.queryByText('Your account is suspended')).toBeNull();
  });
});
