import { COPY_CONFIRMATION_MS, formatPesos, messages, REFERRAL_BONUS_CENTAVOS, VIP_SPONSOR_BONUS_CENTAVOS } from '@app/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyTable,
  formatPesosAmount,
  Input,
  PageHeader,
  StatCard,
  toast,
} from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Check, Coins, Copy, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSignedInUser } from '../../lib/signed-in-user';

export const Route = createFileRoute('/_member/referrals')({
  component: ReferralsPage,
});

function ReferralsPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader
        title="Referrals"
        description={`Invite friends: you earn ${formatPesos(REFERRAL_BONUS_CENTAVOS)} when a friend completes a first task, and ${formatPesos(VIP_SPONSOR_BONUS_CENTAVOS)} more when their first VIP upgrade is approved.`}
      />
      <ReferralLinkCard code={user.referralCode} />
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard label="Total Referrals" value={user.referralCount} icon={UserPlus} />
        <StatCard label="Referral Earnings" value={formatPesosAmount(user.referralEarnings)} icon={Coins} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Referral History</CardTitle>
        </CardHeader>
        <div className="px-2 pb-2">
          <EmptyTable columns={['Date', 'Friend', 'Status', 'Reward']} message="No referrals yet" label="Referral history" />
        </div>
      </Card>
    </>
  );
}

function ReferralLinkCard({ code }: { code: string }) {
  const link = `${window.location.origin}/referral/${encodeURIComponent(code)}`;
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: messages.referrals.copied, description: 'Your referral link is on the clipboard.' });
    } catch {
      toast({ variant: 'destructive', title: messages.referrals.copyFailed });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your referral link</CardTitle>
        <CardDescription>
          Your code is <span className="font-mono font-semibold text-foreground">{code}</span>. Share the link; friends who sign up through
          it are linked to you.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={link} aria-label="Referral link" onFocus={(event) => event.currentTarget.select()} className="font-mono" />
        <Button onClick={copyLink} className="sm:w-32">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </CardContent>
    </Card>
  );
}
