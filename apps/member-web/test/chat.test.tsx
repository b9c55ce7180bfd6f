import { type MemberNotification, memberNotificationSchema, popupSchema, type SupportMessage, supportMessageSchema } from '@app/contracts';
import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, setupTrpcServer, signedOut } from './app-harness';
import { parsedFixture } from './parsed-fixture';

const { answerWith, inputsOf } = setupTrpcServer();

const message = parsedFixture(supportMessageSchema, {
  id: 'm1',
  message: 'Hello',
  isUserMessage: true,
  createdAt: '2026-03-01T02:00:00.000Z',
  isRead: true,
});

const conversation = [
  message({ id: 'm1', message: 'When will my payout arrive?' }),
  message({ id: 'm2', message: 'It was approved today.', isUserMessage: false, isRead: false, createdAt: '2026-03-01T05:30:00.000Z' }),
];

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Open support chat/ }));
  return within(await screen.findByRole('region', { name: 'Live Support' }));
}

describe('support chat', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const user = userEvent.setup();
    answerWith({ 'auth.user': () => signedOut });
    renderAt('/help');

    const chat = await openChat(user);

    expect(chat.getByText('Authentication Required')).toBeTruthy();
    expect(chat.getByText('Please sign in to chat with our support team.')).toBeTruthy();
    expect(chat.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fhelp');
    expect(inputsOf('support.messages')).toEqual([]);
  });

  it('counts unread replies on the button, and marks them read when opened', async () => {
    const user = userEvent.setup();
    let messages = conversation;
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'support.messages': () => ({ data: messages }),
      'support.markRead': () => {
        messages = messages.map((entry) => ({ ...entry, isRead: true }));
        return { data: { ok: true } };
      },
    });
    renderAt('/payouts');

    expect(await screen.findByRole('button', { name: 'Open support chat, 1 unread' })).toBeTruthy();
    const chat = await openChat(user);

    const list = await chat.findByRole('list', { name: 'Messages' });
    const [mine, reply] = within(list).getAllByRole('listitem');
    expect(mine?.textContent).toContain('You: When will my payout arrive?');
    expect(reply?.textContent).toContain('Support: It was approved today.');
    expect(reply?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-01T05:30:00.000Z');
    await waitFor(() => expect(inputsOf('support.markRead')).toHaveLength(1));

    await user.click(chat.getByLabelText('Message to support'));
    await user.keyboard('{Escape}');
    const toggle = await screen.findByRole('button', { name: 'Open support chat' });
    expect(document.activeElement).toBe(toggle);
    expect(screen.queryByRole('region', { name: 'Live Support' })).toBeNull();
  });

  it('sends with Enter, starts a new line with Shift+Enter, and never sends a blank message', async () => {
    const user = userEvent.setup();
    let messages: SupportMessage[] = [];
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'support.messages': () => ({ data: messages }),
      'support.send': (input) => {
        const sent = message({ id: `m${messages.length + 1}`, message: (input as { message: string }).message.trim(), isRead: false });
        messages = [...messages, sent];
        return { data: sent };
      },
    });
    renderAt('/');
    const chat = await openChat(user);
    expect(await chat.findByText('No messages yet. Ask us anything about your account, tasks or payouts.')).toBeTruthy();
    const input = chat.getByLabelText('Message to support') as HTMLTextAreaElement;

    await user.type(input, '   {Enter}');
    expect(inputsOf('support.send')).toEqual([]);
    // The chat's own rule, in the catalogue's words, under the box.
    expect((await chat.findByRole('alert')).textContent).toBe('Message cannot be empty');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await user.clear(input);
    await user.type(input, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(input.value).toBe('Line one\nLine two');
    expect(inputsOf('support.send')).toEqual([]);
    expect(chat.queryByRole('alert')).toBeNull();

    await user.type(input, '{Enter}');

    expect(await chat.findByText('Line one Line two', { normalizer: (text) => text.replace(/\s+/g, ' ').trim() })).toBeTruthy();
    expect(inputsOf('support.send')).toEqual([{ message: 'Line one\nLine two' }]);
    expect(input.value).toBe('');
  });

  it('opens at the latest messages and shows earlier ones a window at a time, above, on request', async () => {
    const user = userEvent.setup();
    const numbered = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => message({ id: `m${from + index}`, message: `Message ${from + index}` }));
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'support.messages': (input) => {
        const { cursor } = input as { cursor?: string };
        if (cursor === undefined) return { data: { items: numbered(51, 100), hasEarlier: true, unreadReplies: 0 } };
        if (cursor === 'm51') return { data: { items: numbered(1, 50), hasEarlier: false, unreadReplies: 0 } };
        return { error: { code: 'BAD_REQUEST', message: 'That message is not in this conversation' } };
      },
    });
    renderAt('/');
    const chat = await openChat(user);

    const latest = await chat.findByRole('list', { name: 'Messages' });
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.match(/Message \d+/)?.[0]),
    ).toEqual(Array.from({ length: 50 }, (_, index) => `Message ${51 + index}`));
    expect(inputsOf('support.messages')).toEqual([{ limit: 50, direction: 'forward' }]);
    expect(chat.queryByRole('list', { name: 'Earlier messages' })).toBeNull();

    await user.click(chat.getByRole('button', { name: 'Show earlier messages' }));

    const earlier = await chat.findByRole('list', { name: 'Earlier messages' });
    expect(within(earlier).getAllByRole('listitem')).toHaveLength(50);
    const shown = within(earlier).getAllByRole('listitem');
    expect([shown[0]?.textContent, shown[49]?.textContent]).toEqual([
      expect.stringMatching(/^You: Message 1Mar/),
      expect.stringMatching(/^You: Message 50Mar/),
    ]);
    // Earlier messages come before the latest, and are not announced as if they had just arrived.
    expect(earlier.compareDocumentPosition(latest) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(earlier.getAttribute('aria-live')).toBeNull();
    expect(inputsOf('support.messages')).toContainEqual({ limit: 50, cursor: 'm51', direction: 'forward' });
    // The start of the conversation: the button goes, and focus stays with the messages.
    await waitFor(() => expect(chat.queryByRole('button', { name: 'Show earlier messages' })).toBeNull());
    expect(document.activeElement).toBe(chat.getByRole('region', { name: 'Conversation' }));
  });

  it('counts on the button the unread replies of the whole conversation, not only of the messages shown', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'support.messages': () => ({ data: { items: conversation, hasEarlier: true, unreadReplies: 120 } }),
    });
    renderAt('/');

    expect(await screen.findByRole('button', { name: 'Open support chat, 120 unread' })).toBeTruthy();
    expect(screen.getByText('99+')).toBeTruthy();
  });

  it('says so when earlier messages cannot be loaded, and keeps the ones shown', async () => {
    const user = userEvent.setup();
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'support.messages': (input) =>
        (input as { cursor?: string }).cursor === undefined
          ? { data: { items: conversation.map((entry) => ({ ...entry, isRead: true })), hasEarlier: true, unreadReplies: 0 } }
          : { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side. Please try again.' } },
    });
    renderAt('/');
    const chat = await openChat(user);
    await chat.findByRole('list', { name: 'Messages' });

    await user.click(chat.getByRole('button', { name: 'Show earlier messages' }));

    expect((await chat.findByRole('alert')).textContent).toBe('Earlier messages could not be loaded. Please try again.');
    expect(within(chat.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')).toHaveLength(2);
    expect(chat.getByRole('button', { name: 'Show earlier messages' })).toBeTruthy();
    expect(chat.queryByText('Your messages could not be loaded. Please try again later.')).toBeNull();
  });

  it('keeps the text and says so when sending fails', async () => {
    const user = userEvent.setup();
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'support.send': () => ({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side. Please try again.' } }),
    });
    renderAt('/');
    const chat = await openChat(user);
    const input = chat.getByLabelText('Message to support') as HTMLTextAreaElement;

    await user.type(input, 'Are you there?{Enter}');

    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(input.value).toBe('Are you there?');
  });
});

describe('notification bell', () => {
  const notification = parsedFixture(memberNotificationSchema, {
    id: 'n1',
    title: 'Payout schedule',
    message: 'Payouts requested this week are sent on Friday.',
    type: 'info',
    isGlobal: true,
    createdAt: '2026-03-01T02:00:00.000Z',
    expiresAt: null,
    read: false,
    link: null,
  });

  /** The bell's calls for a signed-in member with `initial`: marking one read marks it in what the list then returns. */
  function answerBell(initial: MemberNotification[]) {
    let items = initial;
    answerWith({
      'auth.user': () => ({ data: testUser() }),
      'notifications.list': () => ({ data: { items, unreadCount: items.filter((item) => !item.read).length } }),
      'notifications.markRead': (input) => {
        items = items.map((item) => (item.id === (input as { id: string }).id ? { ...item, read: true } : item));
        return { data: { ok: true } };
      },
    });
  }

  it('shows the unread count, lists the notifications and marks one read when chosen', async () => {
    const user = userEvent.setup();
    answerBell([notification({ id: 'n1' }), notification({ id: 'n2', title: 'Welcome', type: 'success', read: true })]);
    renderAt('/');

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const menu = within(await screen.findByRole('menu'));
    const unread = menu.getByRole('menuitem', { name: /Payout schedule/ });
    expect(unread.textContent).toContain('(unread)');
    expect(unread.textContent).toContain('Payouts requested this week are sent on Friday.');
    expect(menu.getByRole('menuitem', { name: /Welcome/ }).textContent).not.toContain('(unread)');

    await user.click(unread);

    await waitFor(() => expect(inputsOf('notifications.markRead')).toEqual([{ id: 'n1' }]));
    await waitFor(() => expect(menu.getByRole('menuitem', { name: /Payout schedule/ }).textContent).not.toContain('(unread)'));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('opens the page a notice of the member’s money is about, marking it read', async () => {
    const user = userEvent.setup();
    answerBell([
      notification({
        id: 'n3',
        title: 'Payout sent',
        message: '₱200.00 sent to GCash 0917•••4567. Reference: 1234567890123.',
        type: 'success',
        isGlobal: false,
        link: '/payouts',
      }),
    ]);
    renderAt('/');

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Payout sent/ }));
    await waitFor(() => expect(inputsOf('notifications.markRead')).toEqual([{ id: 'n3' }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });
});

describe('popups', () => {
  const popup = popupSchema.parse({
    id: 'p1',
    title: 'Double rewards weekend',
    description: 'Saturday and Sunday only.',
    content: '<p>Every task pays <strong>twice</strong> this weekend.</p>',
    url: 'https://example.com/promo',
    duration: 30,
  });

  it('shows an active popup with its content and link, once per session', async () => {
    const user = userEvent.setup();
    answerWith({ 'auth.user': () => ({ data: testUser() }), 'popups.active': () => ({ data: [popup] }) });
    const first = renderAt('/');

    const dialog = within(await screen.findByRole('dialog', { name: 'Double rewards weekend' }));
    expect(dialog.getByText('Saturday and Sunday only.')).toBeTruthy();
    expect(dialog.getByText('twice').tagName).toBe('STRONG');
    expect(dialog.getByRole('link', { name: /Learn more/ }).getAttribute('href')).toBe('https://example.com/promo');
    expect(dialog.getByText('Closes in 30 s')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    first.unmount();
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(inputsOf('popups.active').length).toBeGreaterThan(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
