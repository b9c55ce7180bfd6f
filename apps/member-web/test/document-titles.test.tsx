import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';

const { answerWith } = setupTrpcServer();

/** The pages a signed-in member opens, and the title each gives the browser tab. */
const PAGES: Array<[path: string, heading: RegExp, title: string]> = [
  ['/', /^Welcome back/, 'Dashboard · PesoTasks'],
  ['/payouts', /^Payouts$/, 'Payouts · PesoTasks'],
  ['/history', /History/, 'Transaction History · PesoTasks'],
  ['/vip', /^VIP Membership$/, 'VIP Membership · PesoTasks'],
  ['/referrals', /^Referrals$/, 'Referrals · PesoTasks'],
  ['/profile', /Profile/, 'Profile · PesoTasks'],
  ['/about', /^About Us$/, 'About Us · PesoTasks'],
  ['/no-such-page', /Page Not Found/, '404 Page Not Found · PesoTasks'],
];

describe('document titles', () => {
  it.each(PAGES)('names the tab for %s', async (path, heading, title) => {
    answerWith({ 'auth.user': () => ({ data: testUser() }) });
    renderAt(path);
    await screen.findByRole('heading', { level: 1, name: heading });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
