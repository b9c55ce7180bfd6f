import { trpc } from '@app/client';
import { capitalize, FREE_TIER, formatDate } from '@app/contracts';
import { Badge, Button, Card, CardContent, fullName, NewTabLink, PageHeader, SectionCard, SignOutLink } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ProfilePhoto } from '../../components/profile/profile-photo';
import { useSignedInUser } from '../../lib/signed-in-user';
import { tierLabel } from '../../lib/tier';

export const Route = createFileRoute('/_member/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const user = useSignedInUser();
  const accountUrl = trpc.site.config.useQuery().data?.accountUrl;
  const name = fullName(user);
  const details: { term: string; value: ReactNode }[] = [
    { term: 'Name', value: name || 'Not provided' },
    { term: 'Email', value: user.email },
    { term: 'Member since', value: formatDate(user.createdAt) },
    { term: 'Membership', value: tierLabel(user.vipTier) },
  ];
  if (user.vipTier !== FREE_TIER && user.vipExpiresAt) details.push({ term: 'VIP expires', value: formatDate(user.vipExpiresAt) });
  details.push(
    {
      term: 'Account status',
      value: <Badge variant={user.accountStatus === 'active' ? 'success' : 'warning'}>{capitalize(user.accountStatus)}</Badge>,
    },
    { term: 'Referral code', value: <span className="font-mono">{user.referralCode}</span> },
  );

  return (
    <>
      <PageHeader title="Profile" description="Your account details." />
      <Card>
        <CardContent className="flex flex-col items-center gap-5 pt-5 text-center sm:flex-row sm:pt-6 sm:text-left">
          <ProfilePhoto user={user} />
          <div className="grid min-w-0 gap-1">
            <p className="truncate text-xl font-semibold">{name || user.email}</p>
            {name && <p className="truncate text-sm text-muted-foreground">{user.email}</p>}
          </div>
          <div className="flex flex-col gap-2 sm:ml-auto">
            {accountUrl && (
              <Button asChild variant="outline">
                <NewTabLink href={accountUrl}>
                  Manage sign-in account
                  <span className="sr-only"> (opens in a new tab)</span>
                </NewTabLink>
              </Button>
            )}
            <Button asChild variant="outline">
              <SignOutLink />
            </Button>
          </div>
        </CardContent>
      </Card>
      <SectionCard title="Account information">
        <dl className="divide-y">
          {details.map(({ term, value }) => (
            <div key={term} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
              <dd className="min-w-0 break-words text-sm">{value}</dd>
            </div>
          ))}
        </dl>
      </SectionCard>
    </>
  );
}
