import { testUser } from '@app/testkit/fixtures';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { onePage, renderAt, setupTrpcServer, signedOut } from './app-harness';

const { answerWith } = setupTrpcServer();

afterEach(() => window.history.replaceState(null, '', '/'));

async function payoutWhenSessionIsGone() {
  // The app reads the address bar for the way back, as a browser's history would have it.
  window.history.replaceState(null, '', '/payouts?tab=history');
  answerWith({
    'auth.user': () => ({ data: testUser() }),
    'payouts.list': () => ({ data: onePage([]) }),
    'payouts.request': () => signedOut,
  });
  renderAt('/payouts');
  await screen.findByRole('heading', { level: 1, name: 'Payouts' });
  await userEvent.type(await screen.findByLabelText('Amount (₱)'), '200');
  await userEvent.type(screen.getByLabelText('GCash number'), '0917 123 4567');
  await userEvent.type(screen.getByLabelText("Account holder's name"), 'Maria Santos');
  await userEvent.click(screen.getByRole('button', { name: 'Request Payout' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Request ₱200.00' }));
  return within(await screen.findByRole('dialog', { name: 'Your session has ended' }));
}

describe('a session that ends while a page is open', () => {
  it('says so and signs in again back to the same page', async () => {
    const dialog = await payoutWhenSessionIsGone();
    const signIn = dialog.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/api/login?returnTo=%2Fpayouts%3Ftab%3Dhistory');
    // The page stays as it was behind the dialog: the member is not thrown out to the landing page.
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts', hidden: true })).toBeTruthy();
  });

  it('can be put aside, and comes back at the next refused call', async () => {
    const dialog = await payoutWhenSessionIsGone();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Request Payout' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Request ₱200.00' }));
    expect(await screen.findByRole('dialog', { name: 'Your session has ended' })).toBeTruthy();
  });

  it('is said on a page loaded after the session ended elsewhere, not only under an open page', async () => {
    window.history.replaceState(null, '', '/payouts');
    answerWith({
      'auth.user': () => ({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.', details: { session: 'ended' } } }),
    });
    renderAt('/payouts');

    const dialog = within(await screen.findByRole('dialog', { name: 'Your session has ended' }));
    expect(dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fpayouts');
  });

  it('is not said to a visitor who had not signed in', async () => {
    answerWith({ 'auth.user': () => signedOut });
    renderAt('/');
    await screen.findAllByRole('link', { name: /Sign in|Get started/i });
    expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull();
  });
});
