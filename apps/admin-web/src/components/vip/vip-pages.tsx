import { PageHeader } from '@app/ui';
import { PendingVipTable } from './pending-vip-table';
import { PlansTable } from './plans-table';

/** /admin/vip: VIP requests waiting for their payment to be checked. */
export function VipApprovalsPage() {
  return (
    <>
      <PageHeader title="VIP Approvals" description="Upgrades waiting for their G-CASH payment to be checked, oldest first." />
      <PendingVipTable />
    </>
  );
}

/** /admin/plans: the VIP plans members can buy. */
export function PlansPage() {
  return (
    <>
      <PageHeader title="VIP Plans" description="What each plan costs and what it gives for 15 days." />
      <PlansTable />
    </>
  );
}
