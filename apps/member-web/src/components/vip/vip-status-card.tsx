import { FREE_TIER, messages, type VipStatus } from '@app/contracts';
import { Badge, Card, CardHeader, CardTitle, DescriptionList, type DescriptionListLayout, Skeleton } from '@app/ui';
import { Crown } from 'lucide-react';
import { inLanguage, translate, useLanguage } from '../../lib/language';
import { tierLabel } from '../../lib/tier';

interface VipStatusCardProps {
  /** Undefined while loading, or when loading failed. */
  status: VipStatus | undefined;
  failed: boolean;
}

/** The member's tier, its expiry and today's use of the daily task limit. */
export function VipStatusCard({ status, failed }: VipStatusCardProps) {
  const pending = !status && !failed;
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-center">
        <div className="flex items-center gap-4">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-soft">
            <Crown className="size-6 text-primary" aria-hidden="true" />
          </div>
          <div className="grid gap-1">
            <CardTitle>{translate('vip.yourMembership')}</CardTitle>
            {status && (
              <Badge variant={status.vipTier === FREE_TIER ? 'secondary' : 'default'} className="justify-self-start">
                {tierLabel(status.vipTier)}
              </Badge>
            )}
            {pending && <Skeleton className="h-5 w-16 rounded-full" />}
          </div>
        </div>
        {status && <StatusFacts status={status} />}
        {pending && <Skeleton className="h-10 w-full sm:ml-auto sm:w-72" />}
        {failed && <p className="text-sm text-muted-foreground sm:ml-auto">{inLanguage(messages.vip.statusLoadFailed)}</p>}
      </CardHeader>
    </Card>
  );
}

/** The figures side by side at the card's end, each term small above its value. */
const FACTS_LAYOUT: DescriptionListLayout = {
  list: 'flex flex-wrap gap-x-8 gap-y-3 sm:ml-auto',
  pair: 'grid gap-0.5',
  term: 'text-xs text-muted-foreground',
  value: 'text-sm font-semibold tabular-nums',
};

function StatusFacts({ status }: { status: VipStatus }) {
  const { formatDate } = useLanguage();
  const facts = [
    { term: translate('vip.dailyLimit'), value: translate('vip.tasksCount', { count: status.dailyTaskLimit }) },
    {
      term: translate('vip.tasksToday'),
      value: translate('vip.doneOf', { done: status.tasksCompletedToday, limit: status.dailyTaskLimit }),
    },
  ];
  // The free tier never expires; a paid plan shows the day it ends.
  if (status.vipTier !== FREE_TIER && status.vipExpiresAt)
    facts.push({ term: translate('vip.activeUntil'), value: formatDate(status.vipExpiresAt) });
  return <DescriptionList items={facts} layout={FACTS_LAYOUT} />;
}
