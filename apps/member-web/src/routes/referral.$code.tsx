import { isServerAnswer, trpc, useCurrentUser } from '@app/client';
import { messages, type User } from '@app/contracts';
import { AppLink, Button, FormError, SIGN_IN_HREF, Skeleton, StandaloneCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Gift, LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useApplyReferralCode } from '../components/referrals/use-apply-referral-code';
import { useLanguage } from '../lib/language';
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
  const { t, m } = useLanguage();
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
    <StandaloneCard icon={Gift} title={t('invite.title')} description={t('invite.description')} cardClassName="p-6 sm:p-8">
      <p className="rounded-lg border border-dashed bg-muted px-4 py-2 font-mono text-lg font-semibold tracking-wider break-all">{code}</p>
      {inviter.isPending && <Skeleton className="h-5 w-56" />}
      {inviter.data && (
        <p className="text-sm">
          {t('invite.invitedBy')} <span className="font-semibold">{inviter.data.firstName ?? t('invite.aMember')}</span>{' '}
          <span className="text-muted-foreground">({inviter.data.email})</span>
        </p>
      )}
      {unknownCode ? (
        <>
          <FormError message={m(messages.referrals.codeUnknown)} />
          <Button asChild variant="outline" className="w-full">
            <AppLink href="/">{user ? t('invite.goToDashboard') : t('invite.goHome')}</AppLink>
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
  const { t } = useLanguage();
  const apply = useApplyReferralCode();

  if (!user) {
    return (
      <Button asChild className="w-full">
        {/* Home, said outright: the dashboard applies the code kept for after sign-in, and /api/login would
            otherwise send the visitor back to this page. */}
        <a href={`${SIGN_IN_HREF}?${new URLSearchParams({ returnTo: '/' })}`}>{t('invite.signInToJoin')}</a>
      </Button>
    );
  }
  if (user.referralCode === code.toUpperCase()) {
    return (
      <>
        <p className="text-sm text-muted-foreground">{t('invite.ownCode')}</p>
        <Button asChild className="w-full">
          <AppLink href="/referrals">{t('invite.goToReferrals')}</AppLink>
        </Button>
      </>
    );
  }
  if (user.referredBy) {
    return (
      <>
        <p className="text-sm text-muted-foreground">{t('invite.alreadyLinked', { email: user.email })}</p>
        <Button asChild className="w-full">
          <AppLink href="/">{t('invite.goToDashboard')}</AppLink>
        </Button>
      </>
    );
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('invite.signedInAs', { email: user.email })}</p>
      <Button className="w-full" onClick={() => apply.mutate({ referralCode: code })} disabled={apply.isPending}>
        {apply.isPending && <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
        {t('invite.apply')}
      </Button>
    </>
  );
}
