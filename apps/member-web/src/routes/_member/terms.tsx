import { formatPesos, PAYOUT_MAX_CENTAVOS, PAYOUT_MIN_CENTAVOS, VIP_VALIDITY_DAYS } from '@app/contracts';
import { BRAND_NAME } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { ContentPage, type ContentSection } from '../../components/content-page';

export const Route = createFileRoute('/_member/terms')({
  component: TermsPage,
});

const SECTIONS: readonly ContentSection[] = [
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <p>
        One person may hold one account. You are responsible for what happens under your sign-in. Accounts that break these terms may be
        suspended, which blocks earning and payouts, or closed.
      </p>
    ),
  },
  {
    id: 'tasks',
    title: 'Tasks and rewards',
    body: (
      <p>
        A reward is credited only when a task is actually completed, with the website kept open for the full viewing time. Automated tools,
        scripts or several accounts used to complete tasks are not allowed, and rewards obtained that way are removed.
      </p>
    ),
  },
  {
    id: 'payouts',
    title: 'Payouts',
    body: (
      <p>
        A payout request must be between {formatPesos(PAYOUT_MIN_CENTAVOS)} and {formatPesos(PAYOUT_MAX_CENTAVOS)} and cannot exceed your
        available balance. Requests are reviewed and processed within 3-7 business days. Make sure your payment details are correct; we
        cannot recover money sent to details you entered by mistake.
      </p>
    ),
  },
  {
    id: 'vip',
    title: 'VIP plans',
    body: (
      <p>
        VIP plans last {VIP_VALIDITY_DAYS} days from activation. A plan paid by G-CASH becomes active once our team verifies the payment; a
        plan paid from earnings is active at once. A new plan replaces the current one.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: (
      <p>
        {BRAND_NAME} is not an investment or employment offer. Earnings depend on the tasks available and on the tasks you complete; no
        amount of income is promised. Partner websites are operated by third parties and are not under our control.
      </p>
    ),
  },
];

function TermsPage() {
  return <ContentPage title="Terms of Service" description={`The rules for using ${BRAND_NAME}.`} sections={SECTIONS} />;
}
