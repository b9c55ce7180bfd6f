import type { DashboardFigureValues } from '@app/contracts';
import { StatCard } from '@app/ui';
import { CheckCircle2, Coins, HandCoins, Wallet } from 'lucide-react';
import { translate } from '../../lib/language';

/**
 * The member's figures at the top of the dashboard (`dashboardFigures` writes them). The member app renders
 * them, and the build renders them with slots for the server to write a member's own into their page
 * (src/first-paint/render.tsx): the figures the HTML paints are the app's, and nothing below them moves when
 * the app takes over.
 */
export function DashboardFigures({ figures }: { figures: DashboardFigureValues }) {
  return (
    // Two by two on a phone, so that the tasks start on the first screen.
    <section aria-label={translate('dashboard.earnings')} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label={translate('dashboard.totalEarnings')} value={figures.totalEarnings} icon={Coins} />
      <StatCard label={translate('dashboard.completedTasks')} value={figures.completedTasks} icon={CheckCircle2} />
      <StatCard label={translate('dashboard.availableBalance')} value={figures.availableBalance} icon={Wallet} />
      <StatCard
        label={translate('dashboard.payoutCompleted')}
        value={figures.totalPaidOut}
        icon={HandCoins}
        detail={translate('dashboard.pendingPayout', { amount: figures.pendingPayout })}
      />
    </section>
  );
}
