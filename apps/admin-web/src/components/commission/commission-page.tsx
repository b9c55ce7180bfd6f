import { PageHeader } from '@app/ui';
import { CommissionOverview } from './commission-overview';
import { CommissionPayoutsTable } from './commission-payouts-table';

/** /admin/commission: the operator's figures and the payouts they asked for. */
export function CommissionPage() {
  return (
    <>
      <PageHeader title="Commission" description="The operator's earnings per VIP upgrade and payout, and their payout requests." />
      <CommissionOverview />
      <section aria-labelledby="commission-payouts-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <h2 id="commission-payouts-title" className="text-lg font-semibold">
          Commission payouts
        </h2>
        <CommissionPayoutsTable />
      </section>
    </>
  );
}
