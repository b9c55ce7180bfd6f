import { type AdminNotification, type AdminPopup, adminNotificationSchema, adminPopupSchema, staffMessages } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';

useMockServer();

const notification: AdminNotification = adminNotificationSchema.parse({
  id: 'notification-1',
  title: 'Payouts delayed',
  message: 'G-CASH payouts take a day longer this week.',
  type: 'warning',
  isGlobal: true,
  createdAt: '2026-11-20T02:00:00.000Z',
  expiresAt: null,
  userId: null,
  readCount: 12,
});

const popup: AdminPopup = adminPopupSchema.parse({
  id: 'popup-1',
  title: 'Holiday bonus',
  description: 'Double rewards this weekend',
  content: '<p>Double rewards</p>',
  url: null,
  duration: 10,
  isActive: true,
  startDate: '2026-11-20T02:00:00.000Z',
  endDate: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
});

describe('deleting what members see', () => {
  it.each([
    {
      what: 'a notification',
      path: '/admin/notifications',
      open: async () => userEvent.click(await screen.findByRole('tab', { name: 'Manage Notifications' })),
      list: 'admin.notifications.all',
      // A page of them, as the screen asks for.
      answer: (items: unknown[]) => ({ items, total: items.length }),
      remove: 'admin.notifications.remove',
      item: notification,
      dialog: 'Delete notification?',
      confirm: 'Delete notification',
      done: staffMessages.admin.screens.notificationDeleted,
    },
    {
      what: 'a popup',
      path: '/admin/popups',
      open: async () => {},
      list: 'admin.popups.list',
      answer: (items: unknown[]) => items,
      remove: 'admin.popups.remove',
      item: popup,
      dialog: 'Delete popup?',
      confirm: 'Delete popup',
      done: staffMessages.admin.screens.popupDeleted,
    },
  ])('asks before deleting $what, restating that members will no longer see it', async (c) => {
    const removed: unknown[] = [];
    serveSession(unlockedAdmin, {
      [c.list]: () => ({ data: c.answer(removed.length ? [] : [c.item]) }),
      [c.remove]: (input: unknown) => {
        removed.push(input);
        return { data: { ok: true } };
      },
    });
    renderAt(c.path);
    await c.open();

    await userEvent.click(await screen.findByRole('button', { name: `Delete ${c.item.title}` }));
    const dialog = await screen.findByRole('dialog', { name: c.dialog });
    expect(dialog.textContent).toContain(`Delete '${c.item.title}'? Members will no longer see it.`);
    // Nothing to explain: the dialog asks for no reason.
    expect(within(dialog).queryByLabelText('Reason')).toBeNull();
    expect(removed).toEqual([]);

    // Cancel deletes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(removed).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: `Delete ${c.item.title}` }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: c.dialog })).getByRole('button', { name: c.confirm }));
    await screen.findByText(c.done);
    expect(removed).toEqual([{ id: c.item.id }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: `Delete ${c.item.title}` })).toBeNull());
  });
});
