import type { AdminQueueCounts } from '@app/contracts';
import type { NavItem } from '@app/ui';
import {
  Bell,
  Crown,
  Gift,
  HandCoins,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  Megaphone,
  MessageSquare,
  Percent,
  ReceiptText,
  ScrollText,
  Settings2,
  ShieldAlert,
  Users,
  WalletCards,
} from 'lucide-react';

/** A link of the console's navigation: an item as the member site's sidebar has them, and what only the console shows. */
export interface ConsoleArea extends NavItem {
  /** The queue whose count stands beside it, and what the count means for a screen reader. */
  count?: { key: keyof AdminQueueCounts; meaning: string };
  /** Other addresses of the same area, kept because docs and bookmarks name them. */
  aliases?: readonly string[];
}

/**
 * Every admin area once, in the console's navigation (docs/screens.md#admin-console): the queues first,
 * each with how much is waiting, then the lists and the settings.
 */
export const CONSOLE_AREAS: readonly ConsoleArea[] = [
  { href: '/admin-portal', label: 'Overview', icon: LayoutDashboard, aliases: ['/admin', '/admin/dashboard', '/admin/panel'] },
  { href: '/admin/payouts', label: 'Payouts', icon: HandCoins, count: { key: 'pendingPayouts', meaning: 'pending' } },
  { href: '/admin/vip', label: 'VIP approvals', icon: Crown, count: { key: 'pendingVip', meaning: 'pending' } },
  { href: '/admin/referrals', label: 'Held referrals', icon: Gift, count: { key: 'heldReferrals', meaning: 'held' } },
  { href: '/admin/support', label: 'Support', icon: MessageSquare, count: { key: 'unreadSupport', meaning: 'unread' } },
  { href: '/admin/risk', label: 'Risk', icon: ShieldAlert, count: { key: 'riskHigh', meaning: 'high risk' } },
  { href: '/admin/users', label: 'Users', icon: Users },
  { href: '/admin/transactions', label: 'Transactions', icon: ReceiptText },
  { href: '/admin/plans', label: 'VIP plans', icon: WalletCards },
  { href: '/admin/tasks', label: 'Tasks', icon: ListChecks },
  { href: '/admin/notifications', label: 'Notifications', icon: Bell },
  { href: '/admin/popups', label: 'Popups', icon: Megaphone },
  { href: '/admin/commission', label: 'Commission', icon: Percent },
  { href: '/admin/maintenance', label: 'System', icon: Settings2 },
  { href: '/admin/logs', label: 'Activity logs', icon: ScrollText },
  { href: '/admin/passkeys', label: 'Passkeys', icon: KeyRound },
];

/** The area an address opens: its own or one of its aliases, the trailing slash aside. */
export function isAreaOf(area: ConsoleArea, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return area.href === path || (area.aliases ?? []).includes(path);
}
