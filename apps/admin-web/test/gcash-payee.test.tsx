import type { SystemSettings } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';
import { adminStats } from './panel-fixtures';

useMockServer();

const stats = adminStats({ totalUsers: 1, activeUsers: 1 });

const unset: SystemSettings = {
  maintenance: false,
  maintenanceMode: false,
  websiteStatus: 'on',
  message: '',
  lastUpdated: null,
  gcashNumber: null,
  gcashName: null,
};

/** The panel with the settings as the server keeps them: a save changes what the next read answers. */
function servePanel() {
  let settings = unset;
  const saved: unknown[] = [];
  serveSession(unlockedAdmin, {
    'admin.stats': () => ({ data: stats }),
    'admin.maintenance.settings': () => ({ data: settings }),
    'admin.maintenance.updateSettings': (input) => {
      saved.push(input);
      const { gcashNumber, gcashName } = input as { gcashNumber: string; gcashName: string };
      settings = { ...settings, gcashNumber: gcashNumber.replace(/\D/g, ''), gcashName: gcashName.trim() };
      return { data: settings };
    },
  });
  return saved;
}

describe('G-CASH payee', () => {
  it('is set in the System area, checked first, and the overview stops warning once it is', async () => {
    const saved = servePanel();
    renderAt('/admin-portal');

    const warning = 'Members cannot pay for VIP plans by G-CASH: set the G-CASH number and account name in System.';
    expect(await screen.findByText(warning)).toBeTruthy();

    // The panel names the browser tab, as every admin page does by its heading.
    await waitFor(() => expect(document.title).toBe('Admin Overview · PesoTasks'));
    const areas = screen.getByRole('navigation', { name: 'Admin areas' });
    await userEvent.click(within(areas).getByRole('link', { name: 'System' }));
    const number = await screen.findByLabelText('G-CASH number');
    await userEvent.type(number, '0917 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Save G-CASH payee' }));
    expect(await screen.findByText('Enter the 11-digit G-CASH number, starting 09')).toBeTruthy();
    expect(screen.getByText('Enter the name on the G-CASH account')).toBeTruthy();
    expect(saved).toEqual([]);

    await userEvent.type(number, '7');
    await userEvent.type(screen.getByLabelText('Account name'), 'PesoTasks Inc.');
    await userEvent.click(screen.getByRole('button', { name: 'Save G-CASH payee' }));
    await screen.findByText('G-CASH payee saved');
    expect(saved).toEqual([{ gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.' }]);

    await userEvent.click(within(areas).getByRole('link', { name: 'Overview' }));
    await screen.findByRole('heading', { level: 1, name: 'Admin Overview' });
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });
});
