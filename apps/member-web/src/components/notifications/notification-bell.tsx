import { trpc, usePolling } from '@app/client';
import { Button, DeferredControl, lazyExport } from '@app/ui';
import { Bell } from 'lucide-react';
import { useLanguage } from '../../lib/language';

/** The list (Radix's dropdown and the type icons) is not needed for the first paint. */
const NotificationMenu = lazyExport(() => import('./notification-menu'), 'NotificationMenu');

/** How often the bell checks for new notifications while no live stream is connected (usePolling). */
const POLL_MS = 60_000;

/** The header's bell: the unread count, and the list in a menu where choosing one marks it read. */
export function NotificationBell() {
  const { t } = useLanguage();
  const utils = trpc.useUtils();
  const notifications = trpc.notifications.list.useQuery(undefined, { refetchInterval: usePolling(POLL_MS) });
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: () => utils.notifications.list.invalidate() });
  const unread = notifications.data?.unreadCount ?? 0;

  return (
    <DeferredControl
      preload={NotificationMenu.preload}
      button={
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? t('notifications.titleUnread', { count: unread }) : t('notifications.title')}
        >
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] font-bold text-destructive-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      }
      onOpenChange={(open) => {
        // Admins may have posted since the page loaded; opening shows the latest.
        if (open) void notifications.refetch();
      }}
    >
      {(menu) => (
        <NotificationMenu items={notifications.data?.items ?? []} unread={unread} onRead={(id) => markRead.mutate({ id })} {...menu} />
      )}
    </DeferredControl>
  );
}
