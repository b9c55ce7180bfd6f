import { FREE_DAILY_TASK_LIMIT, messages, type VipStatus } from '@app/contracts';
import { AppLink, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, Skeleton } from '@app/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { inLanguage, translate } from '../../lib/language';
import { tierLabel } from '../../lib/tier';

interface DailyProgress {
  limit: number;
  completed: number;
  remaining: number;
  /** Share of the limit used, capped at 100 (a lowered limit can leave more done than allowed). */
  percent: number;
  /** The hint of docs/screens.md#the-first-visit, or null while more than one task remains. */
  notice: string | null;
}

/** Today's progress from the VIP status; without one, the free plan's limit with nothing done (docs/product-rules.md#constants-and-limits). */
function dailyProgress(status: Pick<VipStatus, 'dailyTaskLimit' | 'tasksCompletedToday' | 'tasksRemaining'> | undefined): DailyProgress {
  const limit = status?.dailyTaskLimit ?? FREE_DAILY_TASK_LIMIT;
  const completed = status?.tasksCompletedToday ?? 0;
  const remaining = status?.tasksRemaining ?? FREE_DAILY_TASK_LIMIT;
  const percent = limit > 0 ? Math.min(100, Math.round((completed / limit) * 100)) : 100;
  // Only when it is true and of use: the last task left, or none (docs/screens.md#the-first-visit).
  let notice: string | null = null;
  if (remaining <= 0) notice = inLanguage(messages.tasks.limitReached);
  else if (remaining === 1) notice = inLanguage(messages.tasks.limitAlmost);
  return { limit, completed, remaining, percent, notice };
}

/** The dashboard's daily-limit card. */
export function DailyLimitCard({ status }: { status: UseQueryResult<VipStatus, unknown> }) {
  if (status.isPending) {
    return (
      <Card role="status" aria-label={translate('task.loadingLimit')} className="grid gap-3 p-5 sm:p-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-2.5 w-full rounded-full" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  }
  const progress = dailyProgress(status.data);
  return (
    <Card role="region" aria-labelledby="daily-limit-title">
      <CardHeader className="flex-row items-start justify-between gap-4 pb-4">
        <div className="grid gap-1.5">
          <CardTitle id="daily-limit-title">{translate('task.dailyLimit')}</CardTitle>
          <CardDescription>
            {status.data
              ? translate('task.doneOfLimitOnPlan', {
                  done: progress.completed,
                  limit: progress.limit,
                  plan: tierLabel(status.data.vipTier),
                })
              : translate('task.doneOfLimit', { done: progress.completed, limit: progress.limit })}
          </CardDescription>
        </div>
        <CalendarCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Progress
          value={progress.percent}
          aria-labelledby="daily-limit-title"
          aria-valuetext={translate('task.percentOfToday', { percent: progress.percent })}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
          <span className="font-medium tabular-nums">{translate('task.percentDone', { percent: progress.percent })}</span>
          <span className="text-muted-foreground tabular-nums">
            {translate('task.remaining', { count: Math.max(0, progress.remaining) })}
          </span>
        </div>
        {progress.notice && (
          <div className="flex flex-col gap-2 rounded-lg bg-warning-soft p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium text-warning">{progress.notice}</p>
            <Button asChild variant="outline" size="sm" className="self-start sm:self-auto">
              <AppLink href="/vip">{translate('task.seeVipPlans')}</AppLink>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
