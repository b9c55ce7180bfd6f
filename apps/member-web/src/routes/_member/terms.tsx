import { createFileRoute } from '@tanstack/react-router';
import { TermsInEnglish } from '../../components/content/en/terms';
import { TermsInFilipino } from '../../components/content/fil/terms';
import { useLanguage } from '../../lib/language';

export const Route = createFileRoute('/_member/terms')({
  component: TermsPage,
});

function TermsPage() {
  return useLanguage().language === 'fil' ? <TermsInFilipino /> : <TermsInEnglish />;
}
