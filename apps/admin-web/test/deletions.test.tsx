import {
  ADMIN_PAGE_SIZE,
  type AdminNotification,
  type AdminPopup,
  adminNotificationSchema,
  adminPopupSchema,
  staffMessages,
} from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageAndOneMore, pagesOf, renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';

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
      answer: (items: unknown[]) => ({ items, total: items.length }),
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

describe('deleting the last row of the last page', () => {
  it('turns back to the page before rather than showing an empty list', async () => {
    // One page of popups and one more on a second page, until that one is deleted.
    const popups = pageAndOneMore((index) => ({ ...popup, id: `popup-${index}`, title: `Popup ${index}` }));
    const asked: unknown[] = [];
    serveSession(unlockedAdmin, {
      'admin.popups.list': pagesOf(popups, asked),
      'admin.popups.remove': (input) => {
        const { id } = input as { id: string };
        popups.splice(
          popups.findIndex((row) => row.id === id),
          1,
        );
        return { data: { ok: true } };
      },
    });
    renderAt('/admin/popups');

    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const last = `Popup ${ADMIN_PAGE_SIZE}`;
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${last}` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete popup?' })).getByRole('button', { name: 'Delete popup' }),
    );

    expect(await screen.findByText('Popup 0')).toBeTruthy();
    expect(screen.queryByText(last)).toBeNull();
    expect(screen.queryByText('No popup messages found')).toBeNull();
    // One page is left (once page 1 is read again), so no pager.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull());
    expect(asked.map((input) => (input as { page: number }).page)).toEqual([1, 2, 2, 1]);
  });
});
