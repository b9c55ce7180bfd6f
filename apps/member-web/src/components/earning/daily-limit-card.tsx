import { FREE_DAILY_TASK_LIMIT, messages, pluralize, type VipStatus } from '@app/contracts';
import { AppLink, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, Skeleton } from '@app/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { tierLabel } from '../../lib/tier';

interface DailyProgress {
  limit: number;
  completed: number;
  remaining: number;
  /** Share of the limit used, capped at 100 (a lowered limit can leave more done than allowed). */
  percent: number;
  /** The nudge of docs/product-rules.md#validation, or null while plenty remain. */
  notice: string | null;
}

/** Today's progress from the VIP status; without one, the free plan's limit with nothing done (docs/product-rules.md#constants-and-limits). */
function dailyProgress(status: Pick<VipStatus, 'dailyTaskLimit' | 'tasksCompletedToday' | 'tasksRemaining'> | undefined): DailyProgress {
  const limit = status?.dailyTaskLimit ?? FREE_DAILY_TASK_LIMIT;
  const completed = status?.tasksCompletedToday ?? 0;
  const remaining = status?.tasksRemaining ?? FREE_DAILY_TASK_LIMIT;
  const percent = limit > 0 ? Math.min(100, Math.round((completed / limit) * 100)) : 100;
  let notice: string | null = null;
  if (remaining <= 0) notice = messages.tasks.limitReached;
  else if (remaining <= 3) notice = messages.tasks.limitAlmost;
  return { limit, completed, remaining, percent, notice };
}

/** The dashboard's daily-limit card. */
export function DailyLimitCard({ status }: { status: UseQueryResult<VipStatus, unknown> }) {
  if (status.isPending) {
    return (
      <Card role="status" aria-label="Loading daily task limit" className="grid gap-3 p-5 sm:p-6">
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
          <CardTitle id="daily-limit-title">Daily Task Limit</CardTitle>
          <CardDescription>
            {progress.completed} of {pluralize(progress.limit, 'task')} completed today
            {status.data && ` on the ${tierLabel(status.data.vipTier)} plan`}
          </CardDescription>
        </div>
        <CalendarCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Progress
          value={progress.percent}
          aria-labelledby="daily-limit-title"
          aria-valuetext={`${progress.percent}% of today's tasks done`}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
          <span className="font-medium tabular-nums">{progress.percent}% done</span>
          <span className="text-muted-foreground tabular-nums">{pluralize(Math.max(0, progress.remaining), 'task')} remaining</span>
        </div>
        {progress.notice && (
          <div className="flex flex-col gap-2 rounded-lg bg-warning-soft p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium text-warning">{progress.notice}</p>
            <Button asChild variant="outline" size="sm" className="self-start sm:self-auto">
              <AppLink href="/vip">See VIP plans</AppLink>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
