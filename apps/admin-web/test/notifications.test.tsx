import { ADMIN_PAGE_SIZE, adminNotificationSchema, messages, staffMessages } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageAndOneMore, pagesOf, renderAt, useMockServer } from './kit';
import { adminUser, servePanel } from './panel-fixtures';

useMockServer();

describe('creating a notification', () => {
  it('shows the notification rules under their fields, asks for a member when it is not for everyone, then sends it', async () => {
    const created: unknown[] = [];
    servePanel({
      'admin.notifications.all': () => ({ data: { items: [], total: 0 } }),
      'admin.users.list': () => ({ data: { items: [adminUser({})], total: 1 } }),
      'admin.notifications.create': recordingInto(created, {
        data: {
          id: 'notification-1',
          title: 'Your payout',
          message: 'It is on its way.',
          type: 'success',
          isGlobal: false,
          createdAt: '2026-11-20T02:00:00.000Z',
          expiresAt: null,
          userId: 'user-1',
          readCount: 0,
        },
      }),
    });
    renderAt('/admin/notifications');
    const create = await screen.findByRole('button', { name: 'Create Notification' });

    await userEvent.click(create);
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      messages.notifications.titleRequired,
      messages.notifications.messageRequired,
    ]);
    expect(created).toEqual([]);

    await userEvent.type(screen.getByLabelText('Title'), 'Your payout');
    await userEvent.type(screen.getByLabelText('Message'), 'It is on its way.');
    await userEvent.click(screen.getByRole('switch', { name: 'Send to all members' }));
    await userEvent.click(create);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.notifications.targetRequired);
    expect(created).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Choose User' }));
    await userEvent.click(
      await within(await screen.findByRole('dialog', { name: 'Choose a user' })).findByRole('button', {
        name: /maria\.santos@example\.com/,
      }),
    );
    expect(screen.getByText('maria.santos@example.com')).toBeTruthy();
    await userEvent.click(create);
    await screen.findByText(staffMessages.admin.screens.notificationCreated);
    expect(created).toEqual([
      { title: 'Your payout', message: 'It is on its way.', type: 'info', isGlobal: false, targetUserId: 'user-1', expiresAt: null },
    ]);
  });
});

describe('managing notifications', () => {
  it('asks the server for a page of the notifications members can still see, and pages on', async () => {
    const asked: unknown[] = [];
    const notice = (index: number) =>
      adminNotificationSchema.parse({
        id: `notification-${index}`,
        title: `Notice ${index}`,
        message: 'Your payout was declined.',
        type: 'warning',
        isGlobal: false,
        createdAt: '2026-11-20T02:00:00.000Z',
        expiresAt: null,
        userId: 'user-1',
        readCount: 0,
      });
    servePanel({
      'admin.notifications.all': pagesOf(pageAndOneMore(notice), asked),
    });
    renderAt('/admin/notifications');
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage Notifications' }));

    const table = await screen.findByRole('table', { name: 'Active notifications' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(ADMIN_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(`Notice ${ADMIN_PAGE_SIZE}`)).toBeTruthy();
    expect(asked).toEqual([
      { page: 1, pageSize: ADMIN_PAGE_SIZE, filter: 'active' },
      { page: 2, pageSize: ADMIN_PAGE_SIZE, filter: 'active' },
    ]);
  });
});
