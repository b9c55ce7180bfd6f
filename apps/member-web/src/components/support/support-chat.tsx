import { CHAT_STALE_MS, messages, type User } from '@app/contracts';
import { Button, trpc, useSignInHref } from '@app/ui';
import { LogIn, MessageCircle, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { LoadingMessages } from './loading-messages';

/**
 * The conversation and its message form load when the chat first opens: they carry the message schema
 * (and with it zod), which the first screen of every page would otherwise download.
 */
const Conversation = lazy(() => import('./support-conversation').then((module) => ({ default: module.Conversation })));

/** How often an open conversation checks for replies. */
const OPEN_POLL_MS = 10_000;

/**
 * The floating live-support chat at the bottom right of every page of the member layout (docs/screens.md#member-screens). Signed-out visitors are asked to sign in; members see their conversation with support.
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
            <Suspense fallback={<LoadingMessages />}>
              <Conversation
                conversation={conversation.data}
                loading={conversation.isPending}
                failed={conversation.isError}
                unread={unread}
              />
            </Suspense>
          ) : (
            <SignInToChat />
          )}
        </section>
      )}
    </>
  );
}

function SignInToChat() {
  const signIn = useSignInHref();
  return (
    <div className="grid flex-1 content-center justify-items-center gap-3 p-6 text-center">
      <p className="font-semibold">{messages.auth.authenticationRequired}</p>
      <p className="text-sm text-muted-foreground">{messages.support.signInToChat}</p>
      <Button asChild>
        <a href={signIn}>
          <LogIn aria-hidden="true" />
          Sign In
        </a>
      </Button>
    </div>
  );
}
