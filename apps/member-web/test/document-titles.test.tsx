import { testUser } from '@app/testkit/fixtures';
import type { ProcedureHandlers } from '@app/testkit/trpc-batch';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';
import { viewedTask } from './earning-fixtures';

const { answerWith } = setupTrpcServer();

/** The pages a signed-in member opens, the title each gives the browser tab, and the calls a page needs beyond the layout's. */
const PAGES: Array<[path: string, heading: RegExp, title: string, handlers?: ProcedureHandlers]> = [
  ['/', /^Welcome back/, 'Dashboard · PesoTasks'],
  ['/payouts', /^Payouts$/, 'Payouts · PesoTasks'],
  ['/history', /History/, 'Transaction History · PesoTasks'],
  ['/vip', /^VIP Membership$/, 'VIP Membership · PesoTasks'],
  ['/referrals', /^Referrals$/, 'Referrals · PesoTasks'],
  ['/profile', /Profile/, 'Profile · PesoTasks'],
  ['/about', /^About Us$/, 'About Us · PesoTasks'],
  ['/tasks', /^Available Tasks$/, 'Available Tasks · PesoTasks'],
  ['/help', /^Help/, 'Help Center · PesoTasks'],
  ['/terms', /^Terms/, 'Terms of Service · PesoTasks'],
  ['/privacy', /^Privacy/, 'Privacy Policy · PesoTasks'],
  ['/task-browser?taskId=7', /^View Product Page$/, 'View Product Page · PesoTasks', { 'tasks.get': () => ({ data: viewedTask }) }],
  [
    '/referral/MARIA2026',
    /^You have been invited$/,
    'You have been invited · PesoTasks',
    { 'referrals.inviter': () => ({ data: { email: 'm***@example.com', firstName: 'Maria' } }) },
  ],
  ['/no-such-page', /Page Not Found/, '404 Page Not Found · PesoTasks'],
];

describe('document titles', () => {
  it.each(PAGES)('names the tab for %s', async (path, heading, title, handlers = {}) => {
    answerWith({ 'auth.user': () => ({ data: testUser() }), ...handlers });
    renderAt(path);
    await screen.findByRole('heading', { level: 1, name: heading });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
