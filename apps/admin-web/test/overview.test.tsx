import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openDialog, refusedEmptyThenSent, renderAt, useMockServer } from './kit';
import { servePanel } from './panel-fixtures';

useMockServer();

describe('admin panel', () => {
  it('shows the stat cards from the statistics on the overview', async () => {
    servePanel();
    renderAt('/admin-portal');

    const card = (name: string) => screen.findByRole('group', { name });
    await screen.findByText('₱12,345.50');
    expect((await card('Total Users')).textContent).toContain('42');
    expect((await card('VIP Members')).textContent).toContain('7');
    expect((await card('Total Earnings')).textContent).toContain('₱12,345.50');
    expect((await card('VIP Members')).textContent).toContain('1 request to review');
    expect((await card('Pending Payouts')).textContent).toContain('₱350.00');
  });

  it('asks for both title and message before sending a global notification', async () => {
    const sent: unknown[] = [];
    servePanel({
      'admin.notifications.send': recordingInto(sent, { data: {} }),
    });
    renderAt('/admin-portal');

    const dialog = await openDialog('Send Global Notification', 'Send Global Notification');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Payout day');
    await refusedEmptyThenSent(dialog, sent, {
      button: 'Send Notification',
      field: 'Message',
      refusal: 'Please fill in both title and message',
      value: 'Payouts go out today.',
    });

    await screen.findByText('Global notification sent successfully');
    expect(sent).toEqual([{ title: 'Payout day', message: 'Payouts go out today.', type: 'info', isGlobal: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
