import { trpc, usePolling } from '@app/client';
import { asConversationWindow, CHAT_STALE_MS, CHAT_WINDOW_SIZE, earlierCursor, messages, type User } from '@app/contracts';
import { Button, cn, lazyExport, useSignInHref } from '@app/ui';
import { LogIn, MessageCircle, X } from 'lucide-react';
import { Suspense, useId, useRef, useState } from 'react';
import { inLanguage, translate } from '../../lib/language';
import { LoadingMessages } from './loading-messages';

/**
 * The conversation and its message form load when the chat first opens: they carry the message schema
 * (and with it zod), which the first screen of every page would otherwise download.
 */
const Conversation = lazyExport(() => import('./support-conversation'), 'Conversation');

/** How often an open conversation checks for replies. */
const OPEN_POLL_MS = 10_000;

/**
 * The live-support chat of every page of the member layout (docs/screens.md#member-screens): a floating
 * button at the bottom right of screens with room beside the content (ROOM_BESIDE_CONTENT); on narrower
 * ones, laptops included, a button in the header, as a floating one would cover the content under it (a
 * card's 'View All', the right column of the plans).
 * Signed-out visitors are asked to sign in; members see their conversation with support.
 */
export function SupportChat({ user, docked }: { user: User | null; docked: boolean }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  // The latest messages, and earlier ones a window at a time as the member asks (docs/api-conventions.md#paging).
  const conversation = trpc.support.messages.useInfiniteQuery(
    { limit: CHAT_WINDOW_SIZE },
    {
      enabled: user !== null,
      staleTime: CHAT_STALE_MS,
      // Closed, the unread badge catches up when the member comes back to the tab (at most once a minute).
      refetchOnWindowFocus: !open,
      refetchInterval: usePolling(open ? OPEN_POLL_MS : false),
      getNextPageParam: earlierCursor,
    },
  );
  const latest = conversation.data?.pages[0];
  const unread = latest ? asConversationWindow(latest).unreadReplies : 0;

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
        aria-label={
          open ? translate('support.close') : unread > 0 ? translate('support.openUnread', { count: unread }) : translate('support.open')
        }
        className={cn(
          'relative flex items-center justify-center rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
          docked
            ? 'size-10 hover:bg-accent'
            : 'fixed right-4 bottom-4 z-40 size-14 bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover focus-visible:ring-offset-2',
        )}
      >
        {open ? (
          <X className={docked ? 'size-5' : 'size-6'} aria-hidden="true" />
        ) : (
          <MessageCircle className={docked ? 'size-5' : 'size-6'} aria-hidden="true" />
        )}
        {!open && unread > 0 && (
          <span
            aria-hidden="true"
            className={cn(
              'absolute flex items-center justify-center rounded-full bg-destructive px-1 font-bold text-destructive-foreground',
              docked ? 'top-0.5 right-0.5 h-4.5 min-w-4.5 text-[0.6875rem]' : '-top-1 -right-1 h-5 min-w-5 text-xs',
            )}
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
          className={cn(
            'fixed z-40 flex w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border bg-card shadow-xl motion-safe:animate-fade-in',
            docked ? 'top-18 right-2 h-[min(32rem,calc(100dvh-5rem))]' : 'right-4 bottom-22 h-[min(32rem,calc(100dvh-8rem))]',
          )}
        >
          <header className="flex items-start justify-between gap-3 border-b bg-primary px-4 py-3 text-primary-foreground">
            <div className="grid gap-0.5">
              <h2 id={titleId} className="font-semibold">
                {translate('support.title')}
              </h2>
              <p className="text-xs text-primary-foreground">{inLanguage(messages.content.supportReplies)}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground"
              onClick={close}
              aria-label={translate('support.close')}
            >
              <X aria-hidden="true" />
            </Button>
          </header>
          {user ? (
            <Suspense fallback={<LoadingMessages />}>
              <Conversation
                windows={conversation.data?.pages}
                loading={conversation.isPending}
                failed={conversation.isError && !conversation.isFetchNextPageError}
                unread={unread}
                earlier={{
                  available: conversation.hasNextPage,
                  loading: conversation.isFetchingNextPage,
                  failed: conversation.isFetchNextPageError,
                  load: conversation.fetchNextPage,
                }}
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
      <p className="font-semibold">{inLanguage(messages.auth.authenticationRequired)}</p>
      <p className="text-sm text-muted-foreground">{inLanguage(messages.support.signInToChat)}</p>
      <Button asChild>
        <a href={signIn}>
          <LogIn aria-hidden="true" />
          {translate('support.signIn')}
        </a>
      </Button>
    </div>
  );
}
