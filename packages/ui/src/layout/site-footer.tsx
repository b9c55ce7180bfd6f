import { BadgeCheck, Coins, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useUiText } from '../lib/ui-text';
import { BrandLink } from './brand';
import { BRAND_NAME, FOOTER_GROUPS } from './links';
import { AppLink } from './navigation';

const NOTICES = [
  {
    icon: Coins,
    title: 'Earnings',
    text: 'What you earn depends on the tasks you complete and your membership tier. Payout requests are reviewed and paid within 3-7 business days.',
  },
  {
    icon: ShieldCheck,
    title: 'Security',
    text: 'We never ask for your password by e-mail or chat. Sign in only through the official sign-in page.',
  },
  {
    icon: BadgeCheck,
    title: 'Compliance',
    text: 'Every payout is checked by our team. Accounts that abuse the platform may be suspended or closed.',
  },
] as const;

/** The site's footer; `ad` is the ad banner shown at its top (AdSlot of @app/client). */
export function SiteFooter({ ad }: { ad: ReactNode }) {
  const ui = useUiText();
  return (
    <footer className="border-t bg-card">
      {/* Room at the end of the page for the support chat that floats at the bottom right of wide screens. */}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:pb-24">
        {ad}
        <div className="grid grid-cols-2 gap-8 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div className="col-span-2 grid content-start gap-3 lg:col-span-1">
            <BrandLink />
            <p className="text-sm text-muted-foreground">
              {ui('Complete simple online tasks, earn pesos and cash out to the wallet you use.')}
            </p>
          </div>
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={ui(group.title)} className="grid content-start gap-3">
              <h2 className="text-sm font-semibold">{ui(group.title)}</h2>
              <ul className="grid gap-2">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <AppLink
                      href={link.href}
                      className="rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {ui(link.label)}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <ul className="grid gap-4 border-t pt-8 md:grid-cols-3">
          {NOTICES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <p className="text-xs leading-relaxed text-muted-foreground">
                <strong className="font-semibold text-foreground">{ui(title)}. </strong>
                {ui(text)}
              </p>
            </li>
          ))}
        </ul>
        <p className="border-t pt-6 text-center text-xs text-muted-foreground">
          © {new Date().getFullYear()} {BRAND_NAME} · {ui('A platform for earning money through legitimate online tasks.')}
        </p>
      </div>
    </footer>
  );
}
