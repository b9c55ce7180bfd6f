import { createFileRoute } from '@tanstack/react-router';
import { HeldReferralsPage } from '../../../components/risk/held-referrals-page';

export const Route = createFileRoute('/_console/admin/referrals')({
  component: HeldReferralsPage,
});
