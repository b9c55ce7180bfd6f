import { type MemberNotification, messages, noticeMessages } from '@app/contracts';
import { englishTextsByKey } from '@app/contracts/i18n';
import { cn, type DeferredControlState, DropdownMenuItem, HeaderMenu } from '@app/ui';
import { useNavigate } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import { inLanguage, readAlso, translate, useLanguage } from '../../lib/language';
import { formatMessageTime } from '../../lib/time';

// A notice the server wrote in English (before the member chose Filipino) is read in their language now.
readAlso(englishTextsByKey(noticeMessages, 'notices.'));

/** Each notification type's colour and icon, so the kind reads at a glance and not by colour alone. */
const TYPE_STYLE: Record<MemberNotification['type'], { icon: LucideIcon; className: string }> = {
  info: { icon: Info, className: 'text-sky-700' },
  success: { icon: CircleCheck, className: 'text-success' },
  warning: { icon: TriangleAlert, className: 'text-warning' },
  error: { icon: CircleAlert, className: 'text-destructive' },
};

interface NotificationMenuProps extends DeferredControlState {
  items: MemberNotification[];
  unread: number;
  /** Called when the member chooses an unread notification, which then counts as read. */
  onRead: (id: string) => void;
}

/**
 * The bell's list, where choosing a notification marks it read (and a notice of money opens its page);
 * NotificationBell loads it after the first paint.
 */
export function NotificationMenu({ items, unread, onRead, ...menu }: NotificationMenuProps) {
  const { language } = useLanguage();
  const navigate = useNavigate();
  return (
    <HeaderMenu
      {...menu}
      collisionPadding={12}
      contentClassName="w-[min(22rem,calc(100vw-1.5rem))] p-0"
      headingClassName="flex items-center justify-between px-3 py-2.5"
      heading={
        <>
          <span className="font-semibold">{translate('notifications.title')}</span>
          {unread > 0 && (
            <span className="text-xs font-normal text-muted-foreground">{translate('notifications.unreadCount', { count: unread })}</span>
          )}
        </>
      }
      separatorClassName="mx-0 my-0"
    >
      {items.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-muted-foreground">{inLanguage(messages.notifications.empty)}</p>
      ) : (
        <div className="max-h-[min(24rem,70dvh)] overflow-y-auto p-1">
          {items.map((notification) => {
            const { icon: Icon, className } = TYPE_STYLE[notification.type];
            return (
              <DropdownMenuItem
                key={notification.id}
                className={cn('items-start gap-3 px-2 py-2.5', !notification.read && 'bg-brand-soft/50')}
                onSelect={(event) => {
                  // Only an unread one needs telling the server. A notice of the member's money opens the page it
                  // is about; any other keeps the list open so the member can read on.
                  if (!notification.read) onRead(notification.id);
                  if (notification.link) void navigate({ to: notification.link });
                  else event.preventDefault();
                }}
              >
                <Icon className={cn('mt-0.5', className)} aria-hidden="true" />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="flex items-baseline justify-between gap-2">
                    {/* The server's notices in the member's language (docs/architecture.md#two-languages); an admin's as written. */}
                    <span className={cn('truncate', notification.read ? 'font-medium' : 'font-semibold')}>
                      {inLanguage(notification.title)}
                    </span>
                    {!notification.read && <span className="sr-only">{translate('notifications.unread')}</span>}
                    <time dateTime={notification.createdAt} className="shrink-0 text-xs text-muted-foreground">
                      {formatMessageTime(language, notification.createdAt)}
                    </time>
                  </p>
                  <p className="text-xs break-words whitespace-pre-line text-muted-foreground">{inLanguage(notification.message)}</p>
                </div>
              </DropdownMenuItem>
            );
          })}
        </div>
      )}
    </HeaderMenu>
  );
}
