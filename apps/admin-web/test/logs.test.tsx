import { type AdminLog, adminLogSchema } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failsOnceThen, findRow, renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';

useMockServer();

const log = (overrides: Partial<AdminLog>): AdminLog =>
  adminLogSchema.parse({
    id: 'log-1',
    createdAt: '2026-11-22T07:05:00.000Z',
    adminId: 'admin-1',
    adminEmail: 'admin@example.com',
    action: 'update_user_status',
    targetId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    targetEmail: 'juan@example.com',
    details: { from: 'active', to: 'suspended', reason: null },
    ipAddress: '203.0.113.7',
    ...overrides,
  });

describe('activity logs', () => {
  it('shows when to the minute in Manila, the member by e-mail, and no empty details', async () => {
    serveSession(unlockedAdmin, {
      'admin.logs': () => ({
        data: {
          items: [log({}), log({ id: 'log-2', action: 'create_task', targetId: 'task-9', targetEmail: null, details: {} })],
          total: 2,
        },
      }),
    });
    renderAt('/admin/logs');
    const table = await screen.findByRole('table', { name: 'Admin activity logs' });
    const status = await findRow('juan@example.com', table);
    const task = await findRow('task-9', table);
    expect(status.textContent).toContain('Nov 22, 2026, 3:05 PM');
    expect(status.textContent).toContain('juan@example.com');
    expect(status.textContent).not.toContain('7c9e6679');
    expect(status.textContent).toContain('To:suspended');
    expect(status.textContent).not.toContain('Reason');
    expect(task.textContent).toContain('Create Task');
  });

  it('names the member by e-mail rather than by id in the details, and shortens another record’s id', async () => {
    const requestId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    serveSession(unlockedAdmin, {
      'admin.logs': () => ({
        data: {
          items: [
            log({
              action: 'send_notification',
              targetId: 'notification-1',
              details: { title: 'Welcome', userId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
            }),
            log({ id: 'log-2', action: 'approve_vip', details: { requestId, plan: 'VIP300' } }),
          ],
          total: 2,
        },
      }),
    });
    renderAt('/admin/logs');
    const table = await screen.findByRole('table', { name: 'Admin activity logs' });
    const [notification, vip] = (await within(table).findAllByText('juan@example.com')).map((cell) => cell.closest('tr') as HTMLElement);
    expect(notification?.textContent).toContain('Title:Welcome');
    expect(notification?.textContent).not.toMatch(/User ID|7c9e6679/);
    expect(vip?.textContent).toContain('Request ID:0f8fad5b');
    expect(vip?.textContent).toContain('Plan:VIP300');
    expect(vip?.textContent).not.toContain(requestId);
    expect(within(vip as HTMLElement).getByTitle(requestId)).toBeTruthy();
  });

  it('shows an instant in the details in Manila time, the exact value on hover', async () => {
    serveSession(unlockedAdmin, {
      'admin.logs': () => ({
        data: { items: [log({ action: 'admin_unlock', details: { unlockedUntil: '2026-11-28T12:13:43.822Z' } })], total: 1 },
      }),
    });
    renderAt('/admin/logs');
    const table = await screen.findByRole('table', { name: 'Admin activity logs' });
    const unlock = await findRow('Admin Unlock', table);
    expect(unlock.textContent).toContain('Unlocked until:Nov 28, 2026, 8:13 PM');
    expect(within(unlock).getByTitle('2026-11-28T12:13:43.822Z').textContent).toBe('Nov 28, 2026, 8:13 PM');
  });

  it('opens in the one console, its area marked as the current one and every other area a link away', async () => {
    serveSession(unlockedAdmin, { 'admin.logs': () => ({ data: { items: [], total: 0 } }) });
    renderAt('/admin/logs');
    const nav = within(await screen.findByRole('navigation', { name: 'Admin areas' }));
    expect(nav.getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('/admin-portal');
    expect(nav.getByRole('link', { name: 'Activity logs' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: /^Support/ }).getAttribute('aria-current')).toBeNull();
    expect(nav.getAllByRole('link')).toHaveLength(16);
    // No member navigation on an admin page.
    expect(screen.queryByRole('link', { name: 'Available Tasks' })).toBeNull();
  });

  it('says so when the log cannot be read, and reads it again on Try again', async () => {
    serveSession(unlockedAdmin, {
      'admin.logs': failsOnceThen(
        { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong' } },
        { data: { items: [log({})], total: 1 } },
      ),
    });
    renderAt('/admin/logs');
    const failure = (await screen.findByText('Failed to refresh logs')).closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('juan@example.com')).toBeTruthy();
    expect(screen.queryByText('Failed to refresh logs')).toBeNull();
  });
});
