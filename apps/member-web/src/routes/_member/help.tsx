import { createFileRoute } from '@tanstack/react-router';
import { HelpInEnglish } from '../../components/content/en/help';
import { HelpInFilipino } from '../../components/content/fil/help';
import { useTaskViewSeconds } from '../../components/content/use-task-view-seconds';
import { useLanguage } from '../../lib/language';

export const Route = createFileRoute('/_member/help')({
  component: HelpPage,
});

function HelpPage() {
  const viewSeconds = useTaskViewSeconds();
  return useLanguage().language === 'fil' ? <HelpInFilipino viewSeconds={viewSeconds} /> : <HelpInEnglish viewSeconds={viewSeconds} />;
}
