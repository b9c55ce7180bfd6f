import { createFileRoute } from '@tanstack/react-router';
import { PayoutsPage } from '../../components/payouts/payouts-page';
import { prefetchFirstPage } from '../../lib/member-list';

export const Route = createFileRoute('/_member/payouts')({
  loader: prefetchFirstPage((trpc) => trpc.payouts.list),
  component: PayoutsPage,
});
