import { AdSlot } from '@app/client';
import type { User } from '@app/contracts';
import { AppShell, ROOM_BESIDE_CONTENT, useMediaQuery } from '@app/ui';
import type { ReactNode } from 'react';
import { AccountStatusBanner } from './account/account-status-banner';
import { LanguageSwitch } from './language-switch';
import { NotificationBell } from './notifications/notification-bell';
import { ActivePopups } from './popups/active-popups';
import { ApplyPendingReferral } from './referrals/apply-pending-referral';
import { SupportChat } from './support/support-chat';

/**
 * The shared layout with what the member site adds to it: the language switch, a suspended account's notice, the notification
 * bell, the support chat (floating where the screen has room beside the content, else in the header; it asks
 * signed-out visitors to sign in), the admins' popups and a referral
 * code kept across sign-in.
 */
export function MemberShell({ user, children }: { user: User | null; children: ReactNode }) {
  const wide = useMediaQuery(ROOM_BESIDE_CONTENT);
  return (
    <>
      <AppShell
        user={user}
        ad={<AdSlot />}
        headerActions={
          <>
            <LanguageSwitch />
            {!wide && <SupportChat user={user} docked />}
            {user && <NotificationBell />}
          </>
        }
      >
        {user && <AccountStatusBanner user={user} />}
        {children}
      </AppShell>
      {wide && <SupportChat user={user} docked={false} />}
      {user && <ActivePopups />}
      {user && <ApplyPendingReferral user={user} />}
    </>
  );
}
