import { siteOpen } from '@app/testkit/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';

useMockServer();

/** The admin pages an unlocked admin opens, and the title each gives the browser tab. */
const PAGES: Array<[path: string, heading: string, title: string]> = [
  ['/admin-portal', 'Admin Overview', 'Admin Overview · PesoTasks'],
  ['/admin/panel', 'Admin Overview', 'Admin Overview · PesoTasks'],
  ['/admin', 'Admin Overview', 'Admin Overview · PesoTasks'],
  ['/admin/dashboard', 'Admin Overview', 'Admin Overview · PesoTasks'],
  ['/admin/vip', 'VIP Approvals', 'VIP Approvals · PesoTasks'],
  ['/admin/referrals', 'Held Referral Bonuses', 'Held Referral Bonuses · PesoTasks'],
  ['/admin/risk', 'Risk Review', 'Risk Review · PesoTasks'],
  ['/admin/transactions', 'Transactions', 'Transactions · PesoTasks'],
  ['/admin/plans', 'VIP Plans', 'VIP Plans · PesoTasks'],
  ['/admin/commission', 'Commission', 'Commission · PesoTasks'],
  ['/admin/users', 'User Management', 'User Management · PesoTasks'],
  ['/admin/payouts', 'Payout Management', 'Payout Management · PesoTasks'],
  ['/admin/support', 'Support Inbox', 'Support Inbox · PesoTasks'],
  ['/admin/tasks', 'Task Management', 'Task Management · PesoTasks'],
  ['/admin/logs', 'Activity Logs', 'Activity Logs · PesoTasks'],
  ['/admin/maintenance', 'Maintenance Controls', 'Maintenance Controls · PesoTasks'],
  ['/admin/notifications', 'Notification Management', 'Notification Management · PesoTasks'],
  ['/admin/popups', 'Browser Popups', 'Browser Popups · PesoTasks'],
];

describe('document titles', () => {
  it.each(PAGES)('names the tab for %s', async (path, heading, title) => {
    // The lists are not needed for the heading: a page whose reads fail still names itself.
    serveSession(unlockedAdmin, { 'maintenance.status': () => ({ data: siteOpen }) });
    renderAt(path);
    await screen.findByRole('heading', { level: 1, name: heading });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names the tab for the panel password form', async () => {
    serveSession({ ...unlockedAdmin, adminUnlocked: false });
    renderAt('/admin-portal');
    await screen.findByRole('heading', { level: 1, name: 'Admin Authentication' });
    await waitFor(() => expect(document.title).toBe('Admin Authentication · PesoTasks'));
  });
});
