import { trpc } from '@app/client';
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyInEnglish } from '../../components/content/en/privacy';
import { PrivacyInFilipino } from '../../components/content/fil/privacy';
import { useLanguage } from '../../lib/language';

export const Route = createFileRoute('/_member/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const showsAds = Boolean(trpc.site.config.useQuery().data?.adClientId);
  return useLanguage().language === 'fil' ? <PrivacyInFilipino showsAds={showsAds} /> : <PrivacyInEnglish showsAds={showsAds} />;
}
