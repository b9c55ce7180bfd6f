import { PageHeader } from '@app/ui';
import { PayoutsTable } from './payouts-table';
import { UnsentPayouts } from './unsent-payouts';

/** /admin/payouts: the queue first, then the approved payouts waiting to be sent. */
export function PayoutsPage() {
  return (
    <>
      <PageHeader title="Payout Management" description="Payout requests waiting for approval, one by one or in a batch." />
      <PayoutsTable />
      <UnsentPayouts />
    </>
  );
}
