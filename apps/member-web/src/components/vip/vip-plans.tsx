import { errorMessage, trpc } from '@app/client';
import { formatDateTime, messages, parsePesos, type VipPlan } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle, Badge, Button, Card, formatPesosAmount, LoadError, Skeleton } from '@app/ui';
import { Check, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { EarningsUpgradeDialog } from './earnings-upgrade-dialog';
import { GcashPaymentDialog } from './gcash-payment-dialog';
import { planFacts } from './plan-facts';

interface VipPlansProps {
  /** The plan running now (its buttons are disabled), or FREE. */
  currentTier: string;
  /** The member's available balance as the API gives it ("350.25"). */
  availableBalance: string;
  /** When the member's request waiting for an admin was made: no plan can be bought meanwhile. */
  pendingSince: string | null;
}

/**
 * The plans on sale, each bought by G-CASH (once the site has a payee) or, when the balance covers the
 * price, from earnings; a way that is closed says why on the card.
 */
export function VipPlans({ currentTier, availableBalance, pendingSince }: VipPlansProps) {
  const plans = trpc.vip.plans.useQuery();
  const payee = trpc.vip.paymentDetails.useQuery();
  // Closed only when known to be: while the payee loads, or if it could not be read, the dialog says more.
  const gcashClosed = payee.data !== undefined && !(payee.data.gcashNumber && payee.data.gcashName);
  const [gcashPlan, setGcashPlan] = useState<VipPlan | null>(null);
  const [earningsPlan, setEarningsPlan] = useState<VipPlan | null>(null);
  const balance = parsePesos(availableBalance) ?? 0;

  if (plans.isError) {
    return <LoadError message={errorMessage(plans.error, messages.vip.plansLoadFailed)} onRetry={() => void plans.refetch()} />;
  }

  return (
    <section aria-labelledby="vip-plans-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="vip-plans-title" className="text-xl font-semibold tracking-tight">
          Choose a plan
        </h2>
        <p className="text-sm text-muted-foreground">
          Your available balance is {formatPesosAmount(availableBalance)}. Plans it covers can be paid from your earnings.
        </p>
      </div>
      {gcashClosed && (
        <Alert id={GCASH_CLOSED_ID} variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>{messages.vip.gcashUnavailable}</AlertTitle>
          <AlertDescription>{messages.vip.gcashUnavailableBody}</AlertDescription>
        </Alert>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {plans.isPending
          ? [0, 1, 2].map((key) => (
              <li key={key}>
                <Skeleton className="h-80 rounded-xl" />
              </li>
            ))
          : plans.data.map((plan) => (
              <li key={plan.id}>
                <PlanCard
                  plan={plan}
                  current={plan.id === currentTier}
                  affordable={balance >= (parsePesos(plan.price) ?? Number.POSITIVE_INFINITY)}
                  availableBalance={availableBalance}
                  gcashClosed={gcashClosed}
                  pendingSince={pendingSince}
                  onPayWithGcash={() => setGcashPlan(plan)}
                  onPayWithEarnings={() => setEarningsPlan(plan)}
                />
              </li>
            ))}
      </ul>
      <GcashPaymentDialog plan={gcashPlan} onClose={() => setGcashPlan(null)} />
      <EarningsUpgradeDialog plan={earningsPlan} onClose={() => setEarningsPlan(null)} />
    </section>
  );
}

/** The notice above the plans while the site has no G-CASH payee, which each plan's G-CASH button points to. */
const GCASH_CLOSED_ID = 'vip-gcash-closed';

interface PlanCardProps {
  plan: VipPlan;
  current: boolean;
  affordable: boolean;
  availableBalance: string;
  /** The site has no G-CASH payee yet: the plan can be paid from earnings only. */
  gcashClosed: boolean;
  pendingSince: string | null;
  onPayWithGcash: () => void;
  onPayWithEarnings: () => void;
}

function PlanCard({
  plan,
  current,
  affordable,
  availableBalance,
  gcashClosed,
  pendingSince,
  onPayWithGcash,
  onPayWithEarnings,
}: PlanCardProps) {
  const waiting = pendingSince !== null;
  const titleId = `plan-${plan.id}`;
  const earningsNoteId = `plan-${plan.id}-earnings`;
  // Why a way to pay is closed, when the plan could otherwise be bought now.
  const open = !current && !waiting;
  const earningsNote = open && !affordable ? messages.vip.insufficientBalance(formatPesosAmount(availableBalance)) : null;
  const facts = planFacts(plan);
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={current ? 'flex h-full flex-col border-primary ring-1 ring-primary' : 'flex h-full flex-col'}
    >
      <div className="grid gap-3 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-semibold leading-tight">
            {plan.name}
          </h3>
          {current && <Badge>Current plan</Badge>}
        </div>
        <p className="text-3xl font-bold tabular-nums tracking-tight">{formatPesosAmount(plan.price)}</p>
        <ul aria-label="Plan terms" className="flex flex-wrap gap-1.5">
          {facts.map((fact) => (
            <li key={fact}>
              <Badge variant="secondary">{fact}</Badge>
            </li>
          ))}
        </ul>
      </div>
      <ul aria-label="Benefits" className="grid flex-1 content-start gap-2 px-5 pb-5 text-sm sm:px-6">
        {plan.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {benefit}
          </li>
        ))}
      </ul>
      <div className="grid gap-2 border-t p-5 sm:p-6">
        {waiting && <p className="text-center text-sm text-muted-foreground">{messages.vip.pendingSince(formatDateTime(pendingSince))}</p>}
        <Button
          onClick={onPayWithGcash}
          disabled={!open || gcashClosed}
          aria-describedby={open && gcashClosed ? `${titleId} ${GCASH_CLOSED_ID}` : titleId}
        >
          Pay with G-CASH
        </Button>
        <Button
          variant="outline"
          onClick={onPayWithEarnings}
          disabled={!open || !affordable}
          aria-describedby={earningsNote ? `${titleId} ${earningsNoteId}` : titleId}
        >
          Use my earnings
        </Button>
        {earningsNote && (
          <p id={earningsNoteId} className="text-center text-sm text-muted-foreground">
            {earningsNote}
          </p>
        )}
      </div>
    </Card>
  );
}
