import { adminPopupSchema, staffMessages } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectShows, findRow, renderAt, useMockServer } from './kit';
import { servePanel } from './panel-fixtures';

useMockServer();

describe('popup form', () => {
  it('lists each popup with its window in Manila date and time', async () => {
    servePanel({
      'admin.popups.list': () => ({
        data: [
          adminPopupSchema.parse({
            id: 'popup-1',
            title: 'Holiday bonus',
            description: '',
            content: 'You are welcome',
            url: null,
            duration: 30,
            isActive: true,
            startDate: '2026-12-24T16:00:00.000Z',
            endDate: '2026-12-26T15:59:00.000Z',
            createdAt: '2026-11-20T02:00:00.000Z',
            updatedAt: '2026-11-20T02:00:00.000Z',
          }),
        ],
      }),
    });
    renderAt('/admin/popups');

    const table = await screen.findByRole('table', { name: 'Popup messages' });
    const row = await findRow('Holiday bonus', table);
    // Midnight of the 25th to 11:59 PM of the 26th in Manila (UTC+8), not the UTC days before.
    expectShows(row, ['Dec 25, 2026, 12:00 AM', 'Dec 26, 2026, 11:59 PM']);
  });

  it('shows the popup rules of the spec before saving', async () => {
    const created: unknown[] = [];
    servePanel({
      'admin.popups.list': () => ({ data: [] }),
      'admin.popups.create': recordingInto(created, { data: {} }),
    });
    renderAt('/admin/popups');

    expect(await screen.findByText('No popup messages found')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Popup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Popup' });
    expect((within(dialog).getByLabelText('Duration (seconds)') as HTMLInputElement).value).toBe('30');

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hi');
    await userEvent.type(within(dialog).getByLabelText('Content (HTML)'), 'Yo');
    await userEvent.type(within(dialog).getByLabelText('Link URL (optional)'), 'not a url');
    const duration = within(dialog).getByLabelText('Duration (seconds)');
    await userEvent.clear(duration);
    await userEvent.type(duration, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Popup' }));

    const alerts = (await within(dialog).findAllByRole('alert')).map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Title must be at least 3 characters',
      'Content must be at least 5 characters',
      'Please enter a valid URL',
      'Duration must be at least 5 seconds',
    ]);

    await userEvent.clear(duration);
    await userEvent.type(duration, '301');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Popup' }));
    expect(within(dialog).getByText('Duration cannot exceed 5 minutes')).toBeTruthy();
    expect(created).toEqual([]);

    // Fixed, it is sent as typed: the link blank is none, the start an instant.
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Holiday bonus');
    await userEvent.type(within(dialog).getByLabelText('Content (HTML)'), 'u are welcome');
    await userEvent.clear(within(dialog).getByLabelText('Link URL (optional)'));
    await userEvent.clear(duration);
    await userEvent.type(duration, '45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Popup' }));
    await screen.findByText(staffMessages.admin.screens.popupCreated);
    expect(created).toEqual([
      {
        title: 'Holiday bonus',
        description: '',
        content: 'You are welcome',
        url: null,
        duration: '45',
        isActive: true,
        startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/),
        endDate: null,
      },
    ]);
  });
});
