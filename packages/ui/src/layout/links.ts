import { Crown, History, LayoutDashboard, ListChecks, type LucideIcon, ShieldCheck, UserRound, Users, Wallet } from 'lucide-react';

export const BRAND_NAME = 'PesoTasks';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** The sidebar of the signed-in layout (docs/screens.md#member-screens); Logout is added by the sidebar. */
export const MEMBER_NAV: readonly NavItem[] = [
  { href: '/', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/tasks', label: 'Available Tasks', icon: ListChecks },
  { href: '/history', label: 'History', icon: History },
  { href: '/payouts', label: 'Payouts', icon: Wallet },
  { href: '/referrals', label: 'Referrals', icon: Users },
  { href: '/vip', label: 'VIP Membership', icon: Crown },
  { href: '/profile', label: 'Profile', icon: UserRound },
];

/** Shown to admins only: the way into the admin area from the member site. */
export const ADMIN_NAV_ITEM: NavItem = { href: '/admin-portal', label: 'Admin Panel', icon: ShieldCheck };

export interface LinkGroup {
  title: string;
  links: readonly { href: string; label: string }[];
}

/** Footer link groups (docs/screens.md#member-screens); each target is a route or a section of one. */
export const FOOTER_GROUPS: readonly LinkGroup[] = [
  {
    title: 'Platform',
    links: [
      { href: '/tasks', label: 'Browse Tasks' },
      { href: '/vip', label: 'VIP Membership' },
      { href: '/referrals', label: 'Referral Program' },
      { href: '/payouts', label: 'Payouts' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/about', label: 'About Us' },
      { href: '/help#how-it-works', label: 'How It Works' },
      { href: '/about#success-stories', label: 'Success Stories' },
      { href: '/help#contact', label: 'Contact Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/terms', label: 'Terms of Service' },
      { href: '/privacy', label: 'Privacy Policy' },
      { href: '/privacy#cookies', label: 'Cookie Policy' },
      { href: '/terms#disclaimer', label: 'Disclaimer' },
    ],
  },
  {
    title: 'Support',
    links: [
      { href: '/help', label: 'Help Center' },
      { href: '/help#faq', label: 'FAQ' },
      { href: '/help#community', label: 'Community' },
    ],
  },
];
