import { messages } from '@app/contracts';
import { BRAND_NAME } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { aboutInFilipino } from '../../components/content/fil/about';
import { RULES } from '../../components/content/rules';
import { useTaskViewSeconds } from '../../components/content/use-task-view-seconds';
import { ContentPage, type ContentSection } from '../../components/content-page';
import { inLanguage, useLanguage } from '../../lib/language';

export const Route = createFileRoute('/_member/about')({
  component: AboutPage,
});

function aboutSections(viewSeconds: number): ContentSection[] {
  return [
    {
      id: 'mission',
      title: 'What we do',
      body: (
        <>
          <p>
            {BRAND_NAME} is a platform for earning money through legitimate online tasks. Partners want real people to look at their
            websites; we list those visits as tasks and pay the members who complete them, in pesos.
          </p>
          <p>
            A task means opening a partner website and keeping it open for {viewSeconds} seconds. The reward goes straight to your balance
            and into your transaction history, where every peso you earn or withdraw is listed.
          </p>
        </>
      ),
    },
    {
      id: 'how-earnings-work',
      title: 'How earnings work',
      body: (
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <strong>Free plan.</strong> Up to {RULES.freeDailyTasks} tasks a day, each paying the reward shown on its task card.
          </li>
          <li>
            <strong>VIP plans.</strong> Up to {RULES.vipDailyTasks} tasks a day for {RULES.vipDays} days, each paying the plan's reward per
            task. Plans are optional.
          </li>
          <li>
            <strong>Referrals.</strong> {RULES.referralBonus} when a friend you invited completes a first task, and {RULES.sponsorBonus}{' '}
            more when the friend's first VIP plan is approved.
          </li>
          <li>
            <strong>Payouts.</strong> From {RULES.payoutMin} to {RULES.payoutMax} per request by {RULES.payoutMethods}.{' '}
            {inLanguage(messages.content.payoutProcessing)}
          </li>
        </ul>
      ),
    },
    {
      id: 'principles',
      title: 'How we work',
      body: (
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <strong>Clear numbers.</strong> Every reward, bonus, purchase and payout is a line in your transaction history; your balance is
            the sum of those lines.
          </li>
          <li>
            <strong>Checked payouts.</strong> Our team reviews each payout request before the money is sent, which keeps the platform fair
            for everyone.
          </li>
          <li>
            <strong>No purchase needed.</strong> Joining is free, and a purchase is never needed to withdraw what you earned.
          </li>
          <li>
            <strong>People you can reach.</strong> {inLanguage(messages.content.supportReplies)} Write to us from the chat on any page.
          </li>
        </ul>
      ),
    },
    {
      id: 'success-stories',
      title: 'Success Stories',
      body: (
        <p>
          Every member's story starts the same way: a few tasks a day, a growing balance and a first payout. We do not publish invented
          testimonials or income screenshots. The figures that matter are yours, on your dashboard: total earnings, completed tasks and
          payouts completed.
        </p>
      ),
    },
  ];
}

function AboutPage() {
  const { language } = useLanguage();
  const viewSeconds = useTaskViewSeconds();
  if (language === 'fil') return <ContentPage {...aboutInFilipino(viewSeconds)} />;
  return <ContentPage title="About Us" description={`Who we are and how ${BRAND_NAME} works.`} sections={aboutSections(viewSeconds)} />;
}
