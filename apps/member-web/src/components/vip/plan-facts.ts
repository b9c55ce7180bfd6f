import { pluralize, type VipPlan } from '@app/contracts';
import { formatPesosAmount } from '@app/ui';

/** A plan's terms in short, as its card and its payment dialog list them: "15 days", "10 tasks daily", "₱5.00 per task". */
export function planFacts(plan: VipPlan): string[] {
  return [
    pluralize(plan.duration, 'day'),
    `${pluralize(plan.dailyTaskLimit, 'task')} daily`,
    `${formatPesosAmount(plan.rewardPerTask)} per task`,
  ];
}
