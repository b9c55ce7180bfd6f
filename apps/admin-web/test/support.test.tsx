import { messages, staffMessages, supportMessageSchema } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, useMockServer } from './kit';
import { servePanel } from './panel-fixtures';

useMockServer();

describe('support inbox', () => {
  /** The inbox with one conversation, Maria's. */
  const inboxWithMaria = (lastMessage: string, unread: number) => ({
    data: {
      items: [{ userId: 'user-1', email: 'maria.santos@example.com', lastMessage, lastAt: '2026-11-20T02:00:00.000Z', unread }],
      total: 1,
    },
  });

  it("refuses an empty reply under the box, and sends the member's reply once it has words", async () => {
    const replies: unknown[] = [];
    servePanel({
      'admin.support.conversations': () => inboxWithMaria('Where is my payout?', 1),
      'admin.support.thread': () => ({
        data: [
          supportMessageSchema.parse({
            id: 'message-1',
            message: 'Where is my payout?',
            isUserMessage: true,
            createdAt: '2026-11-20T01:30:00.000Z',
            isRead: false,
          }),
        ],
      }),
      'admin.support.reply': recordingInto(replies, {
        data: supportMessageSchema.parse({
          id: 'message-2',
          message: 'It was sent today.',
          isUserMessage: false,
          createdAt: '2026-11-20T03:00:00.000Z',
          isRead: false,
        }),
      }),
    });
    renderAt('/admin/support');
    const conversation = await screen.findByRole('button', { name: /maria\.santos@example\.com/ });
    // The last message's time, and each message's, in Manila.
    expect(conversation.textContent).toContain('Nov 20, 2026, 10:00 AM');
    await userEvent.click(conversation);
    const box = (await screen.findByLabelText('Reply to maria.santos@example.com')) as HTMLTextAreaElement;
    expect((await screen.findByText('Nov 20, 2026, 9:30 AM')).textContent).toBe('Nov 20, 2026, 9:30 AM');

    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.support.messageEmpty);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(replies).toEqual([]);

    await userEvent.type(box, 'It was sent today.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    await screen.findByText(staffMessages.admin.screens.replySent);
    expect(replies).toEqual([{ userId: 'user-1', message: 'It was sent today.' }]);
    expect(box.value).toBe('');
  });
  it('opens a long conversation at its latest messages and shows earlier ones above on request', async () => {
    const threadInputs: unknown[] = [];
    const numbered = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) =>
        supportMessageSchema.parse({
          id: `message-${from + index}`,
          message: `Question ${from + index}`,
          isUserMessage: true,
          createdAt: '2026-11-20T01:30:00.000Z',
          isRead: true,
        }),
      );
    servePanel({
      'admin.support.conversations': () => inboxWithMaria('Question 60', 0),
      'admin.support.thread': (input) => {
        threadInputs.push(input);
        return (input as { cursor?: string }).cursor === 'message-11'
          ? { data: { items: numbered(1, 10), hasEarlier: false, unreadReplies: 0 } }
          : { data: { items: numbered(11, 60), hasEarlier: true, unreadReplies: 0 } };
      },
    });
    renderAt('/admin/support');
    await userEvent.click(await screen.findByRole('button', { name: /maria\.santos@example\.com/ }));
    const messagesList = await screen.findByRole('list', { name: 'Messages with maria.santos@example.com' });
    await waitFor(() => expect(within(messagesList).getAllByRole('listitem')).toHaveLength(50));

    await userEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));

    await waitFor(() => expect(within(messagesList).getAllByRole('listitem')).toHaveLength(60));
    expect(within(messagesList).getAllByRole('listitem')[0]?.textContent).toContain('Question 1');
    expect(threadInputs).toEqual([
      { userId: 'user-1', limit: 50, direction: 'forward' },
      { userId: 'user-1', limit: 50, cursor: 'message-11', direction: 'forward' },
    ]);
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });
});
