import { type SystemSettings, staffMessages } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';
import { adminStats } from './panel-fixtures';

useMockServer();

const stats = adminStats({ totalUsers: 3, activeUsers: 3, pendingPayouts: '150.00', pendingPayoutCount: 1 });

/** Maintenance off, but the website switched off: members see the maintenance page all the same. */
const websiteOff: SystemSettings = {
  maintenance: false,
  maintenanceMode: false,
  websiteStatus: 'off',
  message: 'Back soon',
  lastUpdated: '2026-11-20T02:00:00.000Z',
  gcashNumber: '09171234567',
  gcashName: 'PesoTasks Inc.',
};

function serveWebsiteOff() {
  serveSession(unlockedAdmin, {
    'admin.stats': () => ({ data: stats }),
    'admin.maintenance.settings': () => ({ data: websiteOff }),
    'admin.transactions': () => ({ data: { items: [], total: 0 } }),
    'maintenance.status': () => ({
      data: { maintenance: false, websiteStatus: 'off', message: 'Back soon', lastUpdated: '2026-11-20T02:00:00.000Z' },
    }),
  });
}

/** The value beside a term in one of the panel's term lists. */
const termValue = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the site as members see it, with the website switched off', () => {
  it('says so beside the maintenance toggle, though maintenance mode is off', async () => {
    serveWebsiteOff();
    renderAt('/admin-portal');

    const toggle = await screen.findByRole('switch', { name: 'Maintenance Mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Site for members').textContent).toBe('Site for members Closed: website off');
    expect(screen.getByText(staffMessages.admin.screens.websiteOffNote)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Maintenance Controls' }).getAttribute('href')).toBe('/admin/maintenance');
  });

  it('shows the site closed in the Monitor tab', async () => {
    serveWebsiteOff();
    renderAt('/admin/maintenance');

    await screen.findByText('Site for members', { selector: 'dt' });
    await waitFor(() => expect(termValue('Site for members')).toBe('Closed: website off'));
  });

  it('shows the site closed on the admin dashboard, with its counts in the right number', async () => {
    serveWebsiteOff();
    renderAt('/admin');

    await screen.findByText('Site for members', { selector: 'dt' });
    await waitFor(() => expect(termValue('Site for members')).toBe('Closed: website off'));
    expect(termValue('Website Status')).toBe('OFF');
    // Switched at 02:00 UTC, shown in Manila.
    expect(termValue('Last Updated')).toBe('Nov 20, 2026, 10:00 AM');
    // One pending payout is "1 request".
    expect(within(screen.getByRole('region', { name: 'Platform statistics' })).getByText('1 request')).toBeTruthy();
  });
});
