import { DEFAULT_TASK_VIEW_SECONDS, formatPesos, PAYOUT_MIN_CENTAVOS } from '@app/contracts';
import { BRAND_NAME } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { ContentPage, type ContentSection } from '../../components/content-page';

export const Route = createFileRoute('/_member/about')({
  component: AboutPage,
});

const SECTIONS: readonly ContentSection[] = [
  {
    id: 'mission',
    title: 'What we do',
    body: (
      <>
        <p>
          {BRAND_NAME} is a platform for earning money through legitimate online tasks. Partners pay to have real people look at their
          websites, videos and surveys; we pass a share of that to the members who do the work, in pesos.
        </p>
        <p>
          A task takes about {DEFAULT_TASK_VIEW_SECONDS} seconds. Rewards go straight to your balance, and you can request a payout from{' '}
          {formatPesos(PAYOUT_MIN_CENTAVOS)}.
        </p>
      </>
    ),
  },
  {
    id: 'principles',
    title: 'How we work',
    body: (
      <ul className="grid list-disc gap-2 pl-5">
        <li>
          <strong>Clear numbers.</strong> Every reward, bonus and payout is a line in your transaction history; your balance is the sum of
          those lines.
        </li>
        <li>
          <strong>Checked payouts.</strong> Our team reviews each payout request before the money is sent, which keeps the platform fair for
          everyone.
        </li>
        <li>
          <strong>No hidden costs.</strong> Joining is free. VIP plans are optional and never required to withdraw what you earned.
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
        testimonials. The figures that matter are yours, on your dashboard: total earnings, completed tasks and payouts completed.
      </p>
    ),
  },
];

function AboutPage() {
  return <ContentPage title="About Us" description={`Who we are and how ${BRAND_NAME} works.`} sections={SECTIONS} />;
}
