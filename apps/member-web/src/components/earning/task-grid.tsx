import { errorMessage } from '@app/client';
import { doneTodayLast, messages, type Task, type VipStatus } from '@app/contracts';
import { AppLink, Button, Card, EmptyState, LoadError, Skeleton } from '@app/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarCheck, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { inLanguage, translate } from '../../lib/language';
import { OnwardLink } from '../onward-link';
import { TitledSection } from '../titled-section';
import { TaskCard } from './task-card';

interface TaskGridProps {
  tasks: UseQueryResult<Task[], unknown>;
  /** Today's count: at the limit the grid says so instead of offering tasks the server would refuse. */
  today: VipStatus | undefined;
  userId: string;
  /** Show at most this many (the dashboard's preview); all when absent. */
  limit?: number;
  headingLevel: 'h2' | 'h3';
}

export const TASK_GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** The member's tasks as cards, with skeletons while loading, the error, the empty state and the day's limit. */
export function TaskGrid({ tasks, today, userId, limit, headingLevel }: TaskGridProps) {
  if (today && today.tasksRemaining <= 0) {
    return (
      <EmptyState
        icon={CalendarCheck}
        title={inLanguage(messages.tasks.limitReached)}
        description={inLanguage(messages.tasks.limitReachedBody(String(today.dailyTaskLimit)))}
        action={
          <Button asChild variant="outline">
            <AppLink href="/vip">{translate('task.seeVipPlans')}</AppLink>
          </Button>
        }
      />
    );
  }
  if (tasks.isPending) {
    return (
      <div role="status" aria-label={translate('task.loading')} className={TASK_GRID}>
        {Array.from({ length: limit ?? 6 }, (_, index) => (
          <Card key={index} className="grid gap-3 p-5">
            <div className="flex justify-between gap-3">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-14 rounded-full" />
            </div>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="mt-2 h-10 w-full" />
          </Card>
        ))}
      </div>
    );
  }
  if (tasks.isError)
    return <LoadError message={errorMessage(tasks.error, inLanguage(messages.tasks.loadFailed))} onRetry={() => void tasks.refetch()} />;
  if (tasks.data.length === 0) {
    return (
      <EmptyState icon={ListChecks} title={inLanguage(messages.tasks.emptyTitle)} description={inLanguage(messages.tasks.emptyBody)} />
    );
  }
  const done = new Set(today?.tasksDoneToday);
  return (
    <ul className={TASK_GRID}>
      {doneTodayLast(tasks.data, today?.tasksDoneToday ?? [])
        .slice(0, limit)
        .map((task) => (
          <li key={task.id}>
            <TaskCard task={task} userId={userId} headingLevel={headingLevel} doneToday={done.has(task.id)} />
          </li>
        ))}
    </ul>
  );
}

/**
 * The dashboard's "Available Tasks": its heading, the link on to every task when the member has more than the
 * dashboard shows (`hasMore`), and the tasks. The server's first paint of the dashboard is built from it too
 * (src/first-paint/render.tsx), with and without the link, so the heading takes the same lines in both.
 */
export function DashboardTasks({ hasMore = false, children }: { hasMore?: boolean; children: ReactNode }) {
  return (
    <TitledSection
      titleId="dashboard-tasks"
      title={translate('dashboard.availableTasks')}
      aside={
        hasMore && (
          <OnwardLink href="/tasks" variant="link">
            {translate('dashboard.viewAllTasks')}
          </OnwardLink>
        )
      }
      headerClassName="flex items-center justify-between gap-4"
    >
      {children}
    </TitledSection>
  );
}
