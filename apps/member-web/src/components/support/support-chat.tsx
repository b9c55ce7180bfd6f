import { CHAT_STALE_MS, messages, SUPPORT_MESSAGE_MAX_LENGTH, type SupportMessage, supportMessageInput, type User } from '@app/contracts';
import { Button, cn, SIGN_IN_HREF, Textarea, toast, trpc } from '@app/ui';
import { LoaderCircle, LogIn, MessageCircle, SendHorizontal, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatMessageTime } from '../../lib/time';

/** How often an open conversation checks for replies. */
const OPEN_POLL_MS = 10_000;

/**
 * The floating live-support chat at the bottom right of every page of the member layout (spec/member.md
 * section 2). Signed-out visitors are asked to sign in; members see their conversation with support.
 */
export function SupportChat({ user }: { user: User | null }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const conversation = trpc.support.messages.useQuery(undefined, {
    enabled: user !== null,
    staleTime: CHAT_STALE_MS,
    // Closed, the unread badge catches up when the member comes back to the tab (at most once a minute).
    refetchOnWindowFocus: !open,
    refetchInterval: open ? OPEN_POLL_MS : false,
  });
  const unread = conversation.data?.filter((message) => !message.isUserMessage && !message.isRead).length ?? 0;

  // Closing from inside the panel hands focus back to the button that opened it.
  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <>
      {/* The button comes first so that Tab moves from it into the open panel. */}
      <button
        ref={toggle}
        type="button"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Close support chat' : unread > 0 ? `Open support chat, ${unread} unread` : 'Open support chat'}
        className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors outline-none hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <MessageCircle className="size-6" aria-hidden="true" />}
        {!open && unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-bold text-destructive-foreground"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          className="fixed right-4 bottom-22 z-40 flex h-[min(32rem,calc(100dvh-8rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-card shadow-xl motion-safe:animate-fade-in"
        >
          <header className="flex items-start justify-between gap-3 border-b bg-primary px-4 py-3 text-primary-foreground">
            <div className="grid gap-0.5">
              <h2 id={titleId} className="font-semibold">
                Live Support
              </h2>
              <p className="text-xs text-primary-foreground/85">{messages.content.supportReplies}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground"
              onClick={close}
              aria-label="Close support chat"
            >
              <X aria-hidden="true" />
            </Button>
          </header>
          {user ? (
            <Conversation conversation={conversation.data} loading={conversation.isPending} failed={conversation.isError} unread={unread} />
          ) : (
            <SignInToChat />
          )}
        </section>
      )}
    </>
  );
}

function SignInToChat() {
  return (
    <div className="grid flex-1 content-center justify-items-center gap-3 p-6 text-center">
      <p className="font-semibold">{messages.auth.authenticationRequired}</p>
      <p className="text-sm text-muted-foreground">{messages.support.signInToChat}</p>
      <Button asChild>
        <a href={SIGN_IN_HREF}>
          <LogIn aria-hidden="true" />
          Sign In
        </a>
      </Button>
    </div>
  );
}

interface ConversationProps {
  conversation: SupportMessage[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Replies the member has not read yet. */
  unread: number;
}

function Conversation({ conversation, loading, failed, unread }: ConversationProps) {
  const utils = trpc.useUtils();
  const scroller = useRef<HTMLDivElement>(null);
  const markRead = trpc.support.markRead.useMutation({ onSuccess: () => utils.support.messages.invalidate() });
  const { mutate: markAllRead, isPending: marking } = markRead;

  // Open means seen: replies are marked read on opening and as they arrive while open (spec/member.md section 4).
  useEffect(() => {
    if (unread > 0 && !marking) markAllRead();
  }, [unread, marking, markAllRead]);

  const count = conversation?.length ?? 0;
  useEffect(() => {
    if (count > 0) scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [count]);

  return (
    <>
      <div ref={scroller} className="flex-1 overflow-y-auto p-4">
        {loading && (
          <div role="status" className="flex h-full items-center justify-center text-muted-foreground">
            <LoaderCircle className="size-6 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            <span className="sr-only">Loading messages</span>
          </div>
        )}
        {failed && <p className="text-center text-sm text-muted-foreground">{messages.support.chatLoadFailed}</p>}
        {conversation?.length === 0 && <p className="text-center text-sm text-muted-foreground">{messages.support.chatEmpty}</p>}
        {conversation && conversation.length > 0 && (
          <ol aria-label="Messages" aria-live="polite" className="grid gap-3">
            {conversation.map((message) => (
              <ChatMessage key={message.id} message={message} />
            ))}
          </ol>
        )}
      </div>
      <MessageInput />
    </>
  );
}

function ChatMessage({ message }: { message: SupportMessage }) {
  const mine = message.isUserMessage;
  return (
    <li className={cn('grid max-w-[85%] gap-1', mine ? 'justify-self-end justify-items-end' : 'justify-self-start')}>
      <p
        className={cn(
          'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Support: '}</span>
        {message.message}
      </p>
      <time dateTime={message.createdAt} className="px-1 text-xs text-muted-foreground">
        {formatMessageTime(message.createdAt)}
      </time>
    </li>
  );
}

function MessageInput() {
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const inputId = useId();
  const send = trpc.support.send.useMutation({
    onSuccess: (sent) => {
      setText('');
      utils.support.messages.setData(undefined, (messages) => [...(messages ?? []), sent]);
    },
    onError: () => toast({ variant: 'destructive', title: messages.support.sendFailed }),
  });

  function submit() {
    const parsed = supportMessageInput.safeParse({ message: text });
    if (parsed.success && !send.isPending) send.mutate(parsed.data);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line; Enter that confirms an IME composition does neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      className="flex items-end gap-2 border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Message to support
      </label>
      <Textarea
        id={inputId}
        rows={2}
        value={text}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Type a message..."
        aria-describedby={`${inputId}-hint`}
        className="min-h-0 resize-none"
      />
      <p id={`${inputId}-hint`} className="sr-only">
        Enter sends, Shift+Enter adds a new line.
      </p>
      <Button type="submit" size="icon" disabled={send.isPending || text.trim() === ''} aria-label="Send message">
        {send.isPending ? (
          <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <SendHorizontal aria-hidden="true" />
        )}
      </Button>
    </form>
  );
}
