import { createFileRoute } from '@tanstack/react-router';
import { AboutInEnglish } from '../../components/content/en/about';
import { AboutInFilipino } from '../../components/content/fil/about';
import { useTaskViewSeconds } from '../../components/content/use-task-view-seconds';
import { useLanguage } from '../../lib/language';

export const Route = createFileRoute('/_member/about')({
  component: AboutPage,
});

function AboutPage() {
  const viewSeconds = useTaskViewSeconds();
  return useLanguage().language === 'fil' ? <AboutInFilipino viewSeconds={viewSeconds} /> : <AboutInEnglish viewSeconds={viewSeconds} />;
}
