import { trpc } from '@app/client';
import { FREE_TIER } from '@app/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  type Description,
  DescriptionList,
  type DescriptionListLayout,
  fullName,
  NewTabLink,
  PageHeader,
  SectionCard,
  SignOutLink,
} from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { LanguageChoice } from '../../components/language-switch';
import { ProfilePhoto } from '../../components/profile/profile-photo';
import { PushSettings } from '../../components/push/push-settings';
import { useLanguage } from '../../lib/language';
import { useSignedInUser } from '../../lib/signed-in-user';
import { tierLabel } from '../../lib/tier';

export const Route = createFileRoute('/_member/profile')({
  component: ProfilePage,
});

/** The account's details, each a row: the term in a column of its own from sm, above its value on a phone. */
const DETAILS_LAYOUT: DescriptionListLayout = {
  list: 'divide-y',
  pair: 'grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4',
  term: 'text-sm font-medium text-muted-foreground',
  value: 'min-w-0 break-words text-sm',
};

function ProfilePage() {
  const user = useSignedInUser();
  const accountUrl = trpc.site.config.useQuery().data?.accountUrl;
  const { t, formatDate } = useLanguage();
  const name = fullName(user);
  const details: Description[] = [
    { term: t('profile.name'), value: name || t('profile.notProvided') },
    { term: t('profile.email'), value: user.email },
    { term: t('profile.memberSince'), value: formatDate(user.createdAt) },
    { term: t('profile.membership'), value: tierLabel(user.vipTier) },
  ];
  if (user.vipTier !== FREE_TIER && user.vipExpiresAt)
    details.push({ term: t('profile.vipExpires'), value: formatDate(user.vipExpiresAt) });
  details.push(
    {
      term: t('profile.accountStatus'),
      value: <Badge variant={user.accountStatus === 'active' ? 'success' : 'warning'}>{t(`profile.status.${user.accountStatus}`)}</Badge>,
    },
    { term: t('profile.referralCode'), value: <span className="font-mono">{user.referralCode}</span> },
  );

  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
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
                  {t('profile.manageAccount')}
                  <span className="sr-only"> {t('common.opensInNewTab')}</span>
                </NewTabLink>
              </Button>
            )}
            <Button asChild variant="outline">
              <SignOutLink />
            </Button>
          </div>
        </CardContent>
      </Card>
      <SectionCard title={t('profile.accountInformation')}>
        <DescriptionList items={details} layout={DETAILS_LAYOUT} />
      </SectionCard>
      <SectionCard title={t('profile.languageTitle')}>
        <LanguageChoice />
      </SectionCard>
      <PushSettings />
    </>
  );
}
