import { messages } from '@app/contracts';
import { History, LoaderCircle } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '../lib/cn';
import { useUiText } from '../lib/ui-text';
import { Button } from './button';

interface ConversationScrollerProps {
  /** The ids of the first and last message shown: a new last one scrolls to the end, a new first one keeps the place. */
  oldest: string | undefined;
  newest: string | undefined;
  /** The messages before those shown, a window at a time (docs/api-conventions.md#paging). */
  earlier: { available: boolean; loading: boolean; failed: boolean; load: () => Promise<{ hasNextPage: boolean }> };
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * The scrolling box of a support conversation, the member's chat and the admins' inbox alike: it opens
 * at the latest message and follows new ones, and 'Show earlier messages' adds older ones above without
 * moving what the reader was looking at.
 */
export function ConversationScroller({ oldest, newest, earlier, label, className, children }: ConversationScrollerProps) {
  const ui = useUiText();
  const box = useRef<HTMLElement>(null);
  const seen = useRef<{ oldest?: string | undefined; newest?: string | undefined; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const scroller = box.current;
    if (!scroller) return;
    if (newest !== seen.current.newest) scroller.scrollTo({ top: scroller.scrollHeight });
    else if (oldest !== seen.current.oldest) scroller.scrollTop += scroller.scrollHeight - seen.current.height;
    seen.current = { oldest, newest, height: scroller.scrollHeight };
  }, [oldest, newest]);

  async function loadEarlier() {
    const { hasNextPage } = await earlier.load();
    // At the start of the conversation the button goes: focus stays with the messages rather than falling to the page.
    if (!hasNextPage) box.current?.focus();
  }

  return (
    <section
      ref={box}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the messages scroll with the keyboard, and focus has a place when the button goes.
      tabIndex={0}
      className={cn('overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset', className)}
    >
      {earlier.available && (
        <div className="mb-3 grid justify-items-center gap-1">
          <Button variant="outline" size="sm" disabled={earlier.loading} onClick={() => void loadEarlier()}>
            {earlier.loading ? (
              <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <History aria-hidden="true" />
            )}
            {earlier.loading ? ui('Loading...') : ui('Show earlier messages')}
          </Button>
          {earlier.failed && (
            <p role="alert" className="text-center text-xs text-destructive">
              {ui(messages.support.earlierLoadFailed)}
            </p>
          )}
        </div>
      )}
      {children}
    </section>
  );
}
