import { AppLink, BrandLink, Button, Card, SIGN_IN_HREF, useCurrentUser } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Gift } from 'lucide-react';
import { savePendingReferralCode } from '../lib/pending-referral';

export const Route = createFileRoute('/referral/$code')({
  component: ReferralInvite,
});

/** The invite page a referral link opens, for signed-in and signed-out visitors alike. */
function ReferralInvite() {
  const { code } = Route.useParams();
  const { user } = useCurrentUser();
  const ownCode = user?.referralCode === code;

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <BrandLink />
      <Card className="grid w-full max-w-md justify-items-center gap-5 p-8 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-brand-soft">
          <Gift className="size-7 text-primary" aria-hidden="true" />
        </div>
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight">You have been invited</h1>
          <p className="text-muted-foreground">
            A friend invited you to earn pesos with simple online tasks. Join with their referral code:
          </p>
        </div>
        <p className="rounded-lg border border-dashed bg-muted px-4 py-2 font-mono text-lg font-semibold tracking-wider break-all">
          {code}
        </p>
        {!user && (
          <Button asChild className="w-full">
            <a href={SIGN_IN_HREF} onClick={() => savePendingReferralCode(code)}>
              Sign in to join
            </a>
          </Button>
        )}
        {user && ownCode && (
          <>
            <p className="text-sm text-muted-foreground">This is your own referral code. Share it with friends to earn referral bonuses.</p>
            <Button asChild className="w-full">
              <AppLink href="/referrals">Go to Referrals</AppLink>
            </Button>
          </>
        )}
        {user && !ownCode && (
          <>
            <p className="text-sm text-muted-foreground">You are signed in as {user.email}.</p>
            <Button asChild className="w-full">
              <AppLink href="/">Go to Dashboard</AppLink>
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
