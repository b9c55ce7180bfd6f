import { isServerAnswer, trpc, useCurrentUser } from '@app/client';
import { messages, type User } from '@app/contracts';
import { AppLink, Button, FormError, SIGN_IN_HREF, Skeleton, StandaloneCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Gift, LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useApplyReferralCode } from '../components/referrals/use-apply-referral-code';
import { savePendingReferralCode } from '../lib/pending-referral';

export const Route = createFileRoute('/referral/$code')({
  // Anyone may ask who a code belongs to: the answer travels with the user in the first request.
  loader: ({ context, params }) => {
    void context.trpc.referrals.inviter.prefetch({ code: params.code });
  },
  component: ReferralInvite,
});

/** The invite page a referral link opens, for signed-in and signed-out visitors alike. */
function ReferralInvite() {
  const { code } = Route.useParams();
  const { user } = useCurrentUser();
  const inviter = trpc.referrals.inviter.useQuery({ code });
  const unknownCode = isServerAnswer(inviter.error) && inviter.error.data?.code === 'NOT_FOUND';

  // A visitor who signs in later, from this page or any other, still joins with this code; a code
  // that is known not to exist is not kept.
  const keepForSignIn = !user && !inviter.isPending && !unknownCode;
  useEffect(() => {
    if (keepForSignIn) savePendingReferralCode(code);
  }, [keepForSignIn, code]);

  return (
    <StandaloneCard
      icon={Gift}
      title="You have been invited"
      description="A friend invited you to earn pesos with simple online tasks. Join with their referral code:"
      cardClassName="p-6 sm:p-8"
    >
      <p className="rounded-lg border border-dashed bg-muted px-4 py-2 font-mono text-lg font-semibold tracking-wider break-all">{code}</p>
      {inviter.isPending && <Skeleton className="h-5 w-56" />}
      {inviter.data && (
        <p className="text-sm">
          Invited by <span className="font-semibold">{inviter.data.firstName ?? 'a member'}</span>{' '}
          <span className="text-muted-foreground">({inviter.data.email})</span>
        </p>
      )}
      {unknownCode ? (
        <>
          <FormError message={messages.referrals.codeUnknown} />
          <Button asChild variant="outline" className="w-full">
            <AppLink href="/">Go to {user ? 'Dashboard' : 'Home'}</AppLink>
          </Button>
        </>
      ) : (
        <InviteAction code={code} user={user} />
      )}
    </StandaloneCard>
  );
}

/** What the visitor can do with the code: sign in first, apply it, or nothing (their own, or already sponsored). */
function InviteAction({ code, user }: { code: string; user: User | null }) {
  const apply = useApplyReferralCode();

  if (!user) {
    return (
      <Button asChild className="w-full">
        <a href={SIGN_IN_HREF}>Sign in to join</a>
      </Button>
    );
  }
  if (user.referralCode === code.toUpperCase()) {
    return (
      <>
        <p className="text-sm text-muted-foreground">This is your own referral code. Share it with friends to earn referral bonuses.</p>
        <Button asChild className="w-full">
          <AppLink href="/referrals">Go to Referrals</AppLink>
        </Button>
      </>
    );
  }
  if (user.referredBy) {
    return (
      <>
        <p className="text-sm text-muted-foreground">Your account ({user.email}) is already linked to a sponsor.</p>
        <Button asChild className="w-full">
          <AppLink href="/">Go to Dashboard</AppLink>
        </Button>
      </>
    );
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">You are signed in as {user.email}.</p>
      <Button className="w-full" onClick={() => apply.mutate({ referralCode: code })} disabled={apply.isPending}>
        {apply.isPending && <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
        Apply Referral Code
      </Button>
    </>
  );
}
