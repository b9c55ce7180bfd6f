import { errorMessage, trpc } from '@app/client';
import {
  FREE_DAILY_TASK_LIMIT,
  FREE_TIER,
  messages,
  parsePesos,
  planEarningsCentavos,
  VIP_VALIDITY_DAYS,
  type VipPlan,
} from '@app/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  cn,
  formatPesosAmount,
  LoadError,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@app/ui';
import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLanguage } from '../../lib/language';
import { stackedTable } from '../../lib/stacked-table';
import { tierLabel } from '../../lib/tier';
import { EarningsUpgradeDialog } from './earnings-upgrade-dialog';
import { GcashPaymentDialog } from './gcash-payment-dialog';
import { VIP_PENDING_ID } from './vip-pending-banner';

interface VipPlansProps {
  /** The plan running now (marked, its buttons disabled), or FREE. */
  currentTier: string;
  /** The member's available balance as the API gives it ("350.25"). */
  availableBalance: string;
  /** A request waits for an admin (shown once, above): no plan can be bought meanwhile. */
  requestWaiting: boolean;
}

/** Where each column's cell goes when the table stacks on a phone: the plan and its price, then three figures, then the buttons. */
const CELL = {
  plan: 'max-sm:col-span-2 max-sm:p-0',
  price: 'whitespace-nowrap tabular-nums font-semibold max-sm:col-start-3 max-sm:row-start-1 max-sm:justify-self-end max-sm:p-0',
  reward: 'whitespace-nowrap tabular-nums max-sm:col-start-1 max-sm:row-start-2 max-sm:p-0',
  daily: 'tabular-nums max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0',
  earnings: 'whitespace-nowrap tabular-nums max-sm:col-start-3 max-sm:row-start-2 max-sm:justify-self-end max-sm:p-0 max-sm:text-right',
  buy: 'max-sm:col-span-3 max-sm:p-0 max-sm:pt-1',
} as const;

/** The notice above the plans while the site has no G-CASH payee, which each plan's G-CASH button points to. */
const GCASH_CLOSED_ID = 'vip-gcash-closed';
/** The balance sentence, which a plan's disabled earnings button points to. */
const BALANCE_NOTE_ID = 'vip-balance-note';

/**
 * The VIP decision in one comparison (docs/screens.md#the-first-visit): price, reward per task, tasks a day and
 * what the plan earns over its days at the full daily limit (planEarningsCentavos), the member's plan marked;
 * a table on wide screens, each plan a compact block on phones. Each plan is bought by G-CASH (once the site
 * has a payee) or, when the balance covers the price, from earnings.
 */
export function VipPlans({ currentTier, availableBalance, requestWaiting }: VipPlansProps) {
  const { t, m } = useLanguage();
  const plans = trpc.vip.plans.useQuery();
  const payee = trpc.vip.paymentDetails.useQuery();
  // Closed only when known to be: while the payee loads, or if it could not be read, the dialog says more.
  const gcashClosed = payee.data !== undefined && !(payee.data.gcashNumber && payee.data.gcashName);
  const [gcashPlan, setGcashPlan] = useState<VipPlan | null>(null);
  const [earningsPlan, setEarningsPlan] = useState<VipPlan | null>(null);
  const balance = parsePesos(availableBalance) ?? 0;

  if (plans.isError) {
    return <LoadError message={errorMessage(plans.error, m(messages.vip.plansLoadFailed))} onRetry={() => void plans.refetch()} />;
  }

  return (
    <section aria-labelledby="vip-plans-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="vip-plans-title" className="text-xl font-semibold tracking-tight">
          {t('vip.choosePlan')}
        </h2>
        <p id={BALANCE_NOTE_ID} className="text-sm text-muted-foreground">
          {t('vip.balanceNote', { amount: formatPesosAmount(availableBalance) })}
        </p>
      </div>
      {gcashClosed && (
        <Alert id={GCASH_CLOSED_ID} variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>{m(messages.vip.gcashUnavailable)}</AlertTitle>
          <AlertDescription>{m(messages.vip.gcashUnavailableBody)}</AlertDescription>
        </Alert>
      )}
      {plans.isPending ? (
        <Skeleton className="h-80 rounded-xl" />
      ) : (
        <Card className="px-2 py-1 sm:px-4">
          <Table role="table" aria-labelledby="vip-plans-title" className={stackedTable.table}>
            <TableHeader role="rowgroup" className={stackedTable.header}>
              <TableRow role="row" className="hover:bg-transparent">
                <TableHead role="columnheader">{t('vip.colPlan')}</TableHead>
                <TableHead role="columnheader">{t('vip.colPrice')}</TableHead>
                <TableHead role="columnheader">{t('vip.colReward')}</TableHead>
                <TableHead role="columnheader">{t('vip.colDaily')}</TableHead>
                <TableHead role="columnheader">{t('vip.colEarnings', { days: VIP_VALIDITY_DAYS })}</TableHead>
                <TableHead role="columnheader">
                  <span className="sr-only">{t('vip.colBuy')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody role="rowgroup" className={stackedTable.body}>
              <FreeRow current={currentTier === FREE_TIER || currentTier === ''} />
              {plans.data.map((plan) => (
                <PlanRow
                  key={plan.id}
                  plan={plan}
                  current={plan.id === currentTier}
                  affordable={balance >= (parsePesos(plan.price) ?? Number.POSITIVE_INFINITY)}
                  gcashClosed={gcashClosed}
                  requestWaiting={requestWaiting}
                  onPayWithGcash={() => setGcashPlan(plan)}
                  onPayWithEarnings={() => setEarningsPlan(plan)}
                />
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <p className="text-xs text-muted-foreground">{t('vip.earningsNote', { days: VIP_VALIDITY_DAYS })}</p>
      <GcashPaymentDialog plan={gcashPlan} onClose={() => setGcashPlan(null)} />
      <EarningsUpgradeDialog plan={earningsPlan} onClose={() => setEarningsPlan(null)} />
    </section>
  );
}

/** A figure's name above it on a phone, where the table's header is for screen readers only (they hear that one). */
function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <span aria-hidden="true" className="block text-xs font-normal text-muted-foreground sm:hidden">
        {term}
      </span>
      {children}
    </>
  );
}

interface RowShape {
  titleId: string;
  name: string;
  current: boolean;
  price: string;
  reward: string;
  daily: number;
  earnings: string;
  buy: ReactNode;
}

/** One plan's row, marked when it is the member's (in words, not colour only). */
function ComparisonRow({ titleId, name, current, price, reward, daily, earnings, buy }: RowShape) {
  const { t } = useLanguage();
  return (
    <TableRow role="row" aria-current={current ? 'true' : undefined} className={cn(stackedTable.row, current && 'bg-brand-soft')}>
      <TableCell role="cell" className={CELL.plan}>
        <span className="flex flex-wrap items-center gap-2">
          <span id={titleId} className="font-semibold">
            {name}
          </span>
          {current && <Badge>{t('vip.currentPlan')}</Badge>}
        </span>
      </TableCell>
      <TableCell role="cell" className={CELL.price}>
        {price}
      </TableCell>
      <TableCell role="cell" className={CELL.reward}>
        <Figure term={t('vip.colReward')}>{reward}</Figure>
      </TableCell>
      <TableCell role="cell" className={CELL.daily}>
        <Figure term={t('vip.colDaily')}>{daily}</Figure>
      </TableCell>
      <TableCell role="cell" className={CELL.earnings}>
        <Figure term={t('vip.colEarnings', { days: VIP_VALIDITY_DAYS })}>{earnings}</Figure>
      </TableCell>
      <TableCell role="cell" className={CELL.buy}>
        {buy}
      </TableCell>
    </TableRow>
  );
}

/** The free tier, the comparison's starting point: each task pays its own reward. */
function FreeRow({ current }: { current: boolean }) {
  const { t } = useLanguage();
  return (
    <ComparisonRow
      titleId="plan-FREE"
      name={tierLabel(FREE_TIER)}
      current={current}
      price={formatPesosAmount('0.00')}
      reward={t('vip.freeReward')}
      daily={FREE_DAILY_TASK_LIMIT}
      earnings="—"
      buy={null}
    />
  );
}

interface PlanRowProps {
  plan: VipPlan;
  current: boolean;
  affordable: boolean;
  /** The site has no G-CASH payee yet: the plan can be paid from earnings only. */
  gcashClosed: boolean;
  requestWaiting: boolean;
  onPayWithGcash: () => void;
  onPayWithEarnings: () => void;
}

function PlanRow({ plan, current, affordable, gcashClosed, requestWaiting, onPayWithGcash, onPayWithEarnings }: PlanRowProps) {
  const { t, formatPesos } = useLanguage();
  const titleId = `plan-${plan.id}`;
  const open = !current && !requestWaiting;
  // Each button is named with its plan, and a closed one points to why (the payee notice, the balance, the request waiting).
  const why = (closedFor: string | false) => [titleId, requestWaiting && VIP_PENDING_ID, open && closedFor].filter(Boolean).join(' ');
  return (
    <ComparisonRow
      titleId={titleId}
      name={plan.name}
      current={current}
      price={formatPesosAmount(plan.price)}
      reward={formatPesosAmount(plan.rewardPerTask)}
      daily={plan.dailyTaskLimit}
      earnings={formatPesos(planEarningsCentavos(plan))}
      buy={
        <div className="flex flex-wrap gap-2 max-sm:[&>*]:flex-1 sm:justify-end">
          <Button size="sm" onClick={onPayWithGcash} disabled={!open || gcashClosed} aria-describedby={why(gcashClosed && GCASH_CLOSED_ID)}>
            {t('vip.payGcash')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onPayWithEarnings}
            disabled={!open || !affordable}
            aria-describedby={why(!affordable && BALANCE_NOTE_ID)}
          >
            {t('vip.useEarnings')}
          </Button>
        </div>
      }
    />
  );
}
