import { createFileRoute } from '@tanstack/react-router';
import { ReferralsPage } from '../../components/referrals/referrals-page';
import { prefetchFirstPage } from '../../lib/member-list';

export const Route = createFileRoute('/_member/referrals')({
  loader: prefetchFirstPage((trpc) => trpc.referrals.list),
  component: ReferralsPage,
});
