import { type CommissionStats, pluralize } from '@app/contracts';
import { formatPesosAmount, Skeleton, StatCard } from '@app/ui';
import { Crown, Wallet, WalletCards } from 'lucide-react';

/** The three figures of the commission stats (docs/screens.md#records), each with what it counts. */
export function CommissionStatCards({ stats }: { stats: CommissionStats }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard label="Total Balance" value={formatPesosAmount(stats.totalBalance)} icon={WalletCards} detail="Available to request" />
      <StatCard
        label="Upgrade Earnings"
        value={formatPesosAmount(stats.upgradeEarnings)}
        icon={Crown}
        detail={pluralize(stats.totalUpgrades, 'VIP upgrade')}
      />
      <StatCard
        label="Payout Earnings"
        value={formatPesosAmount(stats.payoutEarnings)}
        icon={Wallet}
        detail={`${pluralize(stats.totalPayouts, 'regular payout')}, less commission paid out`}
      />
    </div>
  );
}

export function CommissionStatSkeletons() {
  return (
    <div role="status" aria-label="Loading commission stats" className="grid gap-4 sm:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-28 rounded-xl" />
      ))}
    </div>
  );
}
