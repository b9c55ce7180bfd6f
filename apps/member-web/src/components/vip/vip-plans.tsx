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
import { Alert, AlertDescription, AlertTitle, Badge, Button, Card, formatPesosAmount, LoadError, Skeleton } from '@app/ui';
import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLanguage } from '../../lib/language';
import { tierLabel } from '../../lib/tier';
import { StackedTable } from '../stacked-table';
import { TitledSection } from '../titled-section';
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
  const { t, m, formatPesos } = useLanguage();
  const plans = trpc.vip.plans.useQuery();
  const payee = trpc.vip.paymentDetails.useQuery();
  // Closed only when known to be: while the payee loads, or if it could not be read, the dialog says more.
  const gcashClosed = payee.data !== undefined && !(payee.data.gcashNumber && payee.data.gcashName);
  const [gcashPlan, setGcashPlan] = useState<VipPlan | null>(null);
  const [earningsPlan, setEarningsPlan] = useState<VipPlan | null>(null);
  const balance = parsePesos(availableBalance) ?? 0;

  // The free tier is the comparison's starting point: each task pays its own reward.
  const freeRow: ComparisonRow = {
    id: FREE_TIER,
    name: tierLabel(FREE_TIER),
    current: currentTier === FREE_TIER || currentTier === '',
    price: formatPesosAmount('0.00'),
    reward: t('vip.freeReward'),
    daily: FREE_DAILY_TASK_LIMIT,
    earnings: '—',
    buy: null,
  };
  const planRow = (plan: VipPlan): ComparisonRow => {
    const current = plan.id === currentTier;
    return {
      id: plan.id,
      name: plan.name,
      current,
      price: formatPesosAmount(plan.price),
      reward: formatPesosAmount(plan.rewardPerTask),
      daily: plan.dailyTaskLimit,
      earnings: formatPesos(planEarningsCentavos(plan)),
      buy: (
        <PlanButtons
          planId={plan.id}
          open={!current && !requestWaiting}
          affordable={balance >= (parsePesos(plan.price) ?? Number.POSITIVE_INFINITY)}
          gcashClosed={gcashClosed}
          requestWaiting={requestWaiting}
          onPayWithGcash={() => setGcashPlan(plan)}
          onPayWithEarnings={() => setEarningsPlan(plan)}
        />
      ),
    };
  };

  if (plans.isError) {
    return <LoadError message={errorMessage(plans.error, m(messages.vip.plansLoadFailed))} onRetry={() => void plans.refetch()} />;
  }

  return (
    <TitledSection
      titleId="vip-plans-title"
      title={t('vip.choosePlan')}
      aside={
        <p id={BALANCE_NOTE_ID} className="text-sm text-muted-foreground">
          {t('vip.balanceNote', { amount: formatPesosAmount(availableBalance) })}
        </p>
      }
      headerClassName="grid gap-1"
    >
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
          <StackedTable
            aria-labelledby="vip-plans-title"
            columns={CELL}
            headings={{
              plan: t('vip.colPlan'),
              price: t('vip.colPrice'),
              reward: t('vip.colReward'),
              daily: t('vip.colDaily'),
              earnings: t('vip.colEarnings', { days: VIP_VALIDITY_DAYS }),
              buy: <span className="sr-only">{t('vip.colBuy')}</span>,
            }}
            rows={[freeRow, ...plans.data.map(planRow)]}
            rowKey={(row) => row.id}
            isCurrent={(row) => row.current}
            cells={(row) => ({
              plan: (
                <span className="flex flex-wrap items-center gap-2">
                  <span id={planTitleId(row.id)} className="font-semibold">
                    {row.name}
                  </span>
                  {row.current && <Badge>{t('vip.currentPlan')}</Badge>}
                </span>
              ),
              price: row.price,
              reward: <Figure term={t('vip.colReward')}>{row.reward}</Figure>,
              daily: <Figure term={t('vip.colDaily')}>{row.daily}</Figure>,
              earnings: <Figure term={t('vip.colEarnings', { days: VIP_VALIDITY_DAYS })}>{row.earnings}</Figure>,
              buy: row.buy,
            })}
          />
        </Card>
      )}
      <p className="text-xs text-muted-foreground">{t('vip.earningsNote', { days: VIP_VALIDITY_DAYS })}</p>
      <GcashPaymentDialog plan={gcashPlan} onClose={() => setGcashPlan(null)} />
      <EarningsUpgradeDialog plan={earningsPlan} onClose={() => setEarningsPlan(null)} />
    </TitledSection>
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

/** One row of the comparison: the free tier or a plan, marked when it is the member's. */
interface ComparisonRow {
  /** The tier's id: FREE or the plan's. */
  id: string;
  name: string;
  current: boolean;
  price: string;
  reward: string;
  daily: number;
  earnings: string;
  buy: ReactNode;
}

/** Names a plan's row, and so its buttons. */
const planTitleId = (id: string) => `plan-${id}`;

interface PlanButtonsProps {
  planId: string;
  /** Neither the member's plan nor bought while a request waits. */
  open: boolean;
  affordable: boolean;
  /** The site has no G-CASH payee yet: the plan can be paid from earnings only. */
  gcashClosed: boolean;
  requestWaiting: boolean;
  onPayWithGcash: () => void;
  onPayWithEarnings: () => void;
}

function PlanButtons({ planId, open, affordable, gcashClosed, requestWaiting, onPayWithGcash, onPayWithEarnings }: PlanButtonsProps) {
  const { t } = useLanguage();
  // Each button is named with its plan, and a closed one points to why (the payee notice, the balance, the request waiting).
  const why = (closedFor: string | false) =>
    [planTitleId(planId), requestWaiting && VIP_PENDING_ID, open && closedFor].filter(Boolean).join(' ');
  return (
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
  );
}
