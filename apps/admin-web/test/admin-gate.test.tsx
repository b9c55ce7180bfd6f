import { DEMO_GCASH_PAYEE, messages, type SystemSettings, staffMessages } from '@app/contracts';
import { siteOpen, testUser } from '@app/testkit/fixtures';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { holdCalls, recordBatches, renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';
import { adminStats } from './panel-fixtures';

useMockServer();

const lockedAdmin = testUser({ isAdmin: true, adminUnlocked: false });
const panelStats = adminStats({ totalUsers: 3, activeUsers: 3, vipUsers: 1, pendingVipApprovals: 2 });
const panelSettings: SystemSettings = { ...siteOpen, maintenanceMode: false, gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.' };

describe('admin portal gate', () => {
  it('says it is verifying admin access until the server has said who is signed in', async () => {
    serveSession(lockedAdmin);
    const release = holdCalls('auth.user');
    renderAt('/admin-portal');

    expect(await screen.findByText(staffMessages.admin.screens.verifyingAccess)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByLabelText('Admin Password')).toBeNull();

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Authentication' })).toBeTruthy();
    expect(screen.queryByText(staffMessages.admin.screens.verifyingAccess)).toBeNull();
  });

  it('refuses a signed-in member with the portal wording and a way back', async () => {
    serveSession(testUser());
    renderAt('/admin-portal');

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access the admin portal.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.queryByLabelText('Admin Password')).toBeNull();
  });

  it('refuses a signed-in member on the other admin pages with the page wording', async () => {
    serveSession(testUser());
    renderAt('/admin/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('You do not have permission to access this page.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'User Management' })).toBeNull();
  });

  it('sends a signed-out visitor to sign in', async () => {
    serveSession(null);
    renderAt('/admin-portal');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fadmin-portal');
  });

  it('asks a locked admin for the panel password', async () => {
    serveSession(lockedAdmin);
    renderAt('/admin-portal');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Authentication' })).toBeTruthy();
    expect(screen.getByLabelText('Admin Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Access Admin Panel' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('requires the password before calling the server', async () => {
    const unlockInputs: unknown[] = [];
    serveSession(lockedAdmin, {
      'admin.unlock': recordingInto(unlockInputs, { data: { unlockedUntil: '2026-01-01T00:00:00.000Z' } }),
    });
    renderAt('/admin-portal');

    await userEvent.click(await screen.findByRole('button', { name: 'Access Admin Panel' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Password is required');
    expect(unlockInputs).toEqual([]);
  });

  it('shows the server message for a wrong password and clears the field', async () => {
    const unlockInputs: unknown[] = [];
    serveSession(lockedAdmin, {
      'admin.unlock': recordingInto(unlockInputs, { error: { code: 'UNAUTHORIZED', message: 'Incorrect password. Please try again.' } }),
    });
    renderAt('/admin-portal');

    const password = (await screen.findByLabelText('Admin Password')) as HTMLInputElement;
    await userEvent.type(password, 'not-the-password');
    await userEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password. Please try again.');
    expect(password.value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(unlockInputs).toEqual([{ password: 'not-the-password' }]);
    expect(screen.queryByRole('tablist')).toBeNull();
    // A wrong password is no ended session (the notice would load and show within this wait).
    await expect(screen.findByRole('dialog', { name: 'Your session has ended' }, { timeout: 300 })).rejects.toThrow();
  });

  it('opens the console after the right password, and Lock panel locks it again', async () => {
    const session = serveSession(lockedAdmin, {
      'admin.unlock': () => {
        session.user = { ...lockedAdmin, adminUnlocked: true };
        return { data: { unlockedUntil: '2026-01-01T12:00:00.000Z' } };
      },
      'admin.lock': () => {
        session.user = lockedAdmin;
        return { data: { ok: true } };
      },
    });
    renderAt('/admin-portal');

    await userEvent.type(await screen.findByLabelText('Admin Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));

    // One console: its navigation lists each area once, the overview current, and the header says who is signed in.
    const areas = await screen.findByRole('navigation', { name: 'Admin areas' });
    const links = within(areas).getAllByRole('link');
    expect(links.map((link) => link.textContent?.replace(/ \d+.*$/, ''))).toEqual([
      'Overview',
      'Payouts',
      'VIP approvals',
      'Held referrals',
      'Support',
      'Risk',
      'Users',
      'Transactions',
      'VIP plans',
      'Tasks',
      'Notifications',
      'Popups',
      'Commission',
      'System',
      'Activity logs',
      'Passkeys',
    ]);
    expect(within(areas).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('Access Granted')).toBeTruthy();
    expect(screen.getByText('Welcome to the Admin Portal')).toBeTruthy();
    expect(screen.getByText('v1.0.0')).toBeTruthy();
    expect(screen.getByTestId('signed-in-as').textContent).toBe(`Signed in as ${lockedAdmin.email}`);
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/api/logout');

    await userEvent.click(screen.getByRole('button', { name: 'Lock panel' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Authentication' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Logged Out')).toBeTruthy());
  });

  it('shows an unlocked admin the empty list of a tab', async () => {
    serveSession(unlockedAdmin, { 'admin.vip.pending': () => ({ data: [] }) });
    renderAt('/admin/vip');

    expect(await screen.findByText('No pending VIP approvals')).toBeTruthy();
  });

  it("asks for the panel's first data in the same request as the signed-in user, not after it", async () => {
    serveSession(unlockedAdmin, {
      'admin.stats': () => ({ data: panelStats }),
      'admin.maintenance.settings': () => ({ data: panelSettings }),
    });
    const batches = recordBatches();
    renderAt('/admin-portal');

    expect(await screen.findByText('2 requests to review')).toBeTruthy();
    expect(batches[0]).toEqual(expect.arrayContaining(['auth.user', 'admin.stats', 'admin.maintenance.settings']));
    expect(batches.flat().filter((path) => path === 'admin.stats')).toHaveLength(1);
  });

  it("shows a locked admin the password form, not an ended session, when the panel's early reads are refused, and the panel's figures once unlocked", async () => {
    const locked = { error: { code: 'FORBIDDEN' as const, message: messages.auth.adminLocked } };
    const session = serveSession(lockedAdmin, {
      'admin.stats': () => (session.user?.adminUnlocked ? { data: panelStats } : locked),
      'admin.maintenance.settings': () => (session.user?.adminUnlocked ? { data: panelSettings } : locked),
      'admin.unlock': () => {
        session.user = { ...lockedAdmin, adminUnlocked: true };
        return { data: { unlockedUntil: '2026-01-01T12:00:00.000Z' } };
      },
    });
    renderAt('/admin-portal');

    await userEvent.type(await screen.findByLabelText('Admin Password'), 'right-password');
    expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));

    const figures = await screen.findByRole('region', { name: 'Platform statistics' });
    expect(await within(figures).findByText('2 requests to review')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull();
  });
});

describe('the System area', () => {
  it.each([
    { found: 'both answered', stats: () => ({ data: panelStats }), server: 'Online', database: 'Connected' },
    {
      found: 'the database out of reach',
      stats: () => ({ error: { code: 'SERVICE_UNAVAILABLE' as const, message: messages.common.serviceUnavailable } }),
      server: 'Online',
      database: 'Unreachable',
    },
    {
      found: 'the server failing',
      stats: () => ({ error: { code: 'INTERNAL_SERVER_ERROR' as const, message: 'Something went wrong' } }),
      server: 'Error',
      database: 'Unknown',
    },
  ])('shows the server and the database as the statistics call found them: $found', async ({ stats, server, database }) => {
    serveSession(unlockedAdmin, { 'admin.stats': stats, 'admin.maintenance.settings': () => ({ data: panelSettings }) });
    renderAt('/admin/maintenance');

    const row = (term: string) => screen.getByText(term, { selector: 'dt' }).parentElement as HTMLElement;
    await waitFor(() => expect(row('Server').textContent).toBe(`Server${server}`));
    expect(row('Database').textContent).toBe(`Database${database}`);
    // The test page is served over plain HTTP, and the tab says so rather than 'Secure'.
    expect(row('Connection').textContent).toBe('ConnectionNot HTTPS');
  });

  it('is where the warning about a missing G-CASH payee takes the admin', async () => {
    serveSession(unlockedAdmin, {
      'admin.stats': () => ({ data: panelStats }),
      'admin.maintenance.settings': () => ({ data: { ...panelSettings, gcashNumber: null, gcashName: null } }),
    });
    renderAt('/admin/panel');

    const warning = await screen.findByText(staffMessages.admin.screens.gcashPayeeMissing);
    await userEvent.click(within(warning.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Set the payee in System' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance Controls' })).toBeTruthy();
    const areas = screen.getByRole('navigation', { name: 'Admin areas' });
    expect(within(areas).getByRole('link', { name: 'System' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Connection', { selector: 'dt' })).toBeTruthy();
  });

  it('warns while the G-CASH payee is still the demo data’s', async () => {
    serveSession(unlockedAdmin, {
      'admin.stats': () => ({ data: panelStats }),
      'admin.maintenance.settings': () => ({ data: { ...panelSettings, ...DEMO_GCASH_PAYEE } }),
    });
    renderAt('/admin/panel');
    const warning = await screen.findByText(staffMessages.admin.screens.gcashPayeeDemo);
    expect(warning.closest('[role="alert"]')).toBeTruthy();
  });
});
