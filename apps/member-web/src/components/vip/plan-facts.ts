import type { VipPlan } from '@app/contracts';
import { formatPesosAmount } from '@app/ui';
import { translate } from '../../lib/language';

/** A plan's terms in short, as its payment dialog lists them: "15 days", "10 tasks daily", "₱5.00 per task". */
export function planFacts(plan: VipPlan): string[] {
  return [
    translate('vip.factDays', { count: plan.duration }),
    translate('vip.factDaily', { count: plan.dailyTaskLimit }),
    translate('vip.factReward', { amount: formatPesosAmount(plan.rewardPerTask) }),
  ];
}
