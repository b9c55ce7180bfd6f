import { isServerAnswer, isUnauthorizedError, trpc } from '@app/client';
import { messages } from '@app/contracts';
import { Skeleton, signInHref } from '@app/ui';
import { CircleAlert, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLanguage } from '../../lib/language';
import { BackToTasks, Outcome, TaskBrowserFrame } from './frame';
import { runnable } from './runnable-task';
import { TaskViewer } from './task-viewer';

/** Loads the linked task from the server, then runs it; a task that is gone or not for this member says so. */
export function TaskBrowserPage({ taskId }: { taskId: string }) {
  const { t, m } = useLanguage();
  const loaded = trpc.tasks.get.useQuery({ id: taskId });
  const task = loaded.data ? runnable(loaded.data) : null;
  if (task) return <TaskViewer task={task} />;

  let body: ReactNode;
  if (loaded.isPending) {
    body = (
      <div role="status" aria-label={t('taskBrowser.loading')} className="grid gap-3">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (isUnauthorizedError(loaded.error)) {
    body = (
      <Outcome icon={<LogIn className="size-7 text-primary" aria-hidden="true" />} title={m(messages.tasks.signInTitle)}>
        <a className="font-medium text-primary underline" href={signInHref(`/task-browser?${new URLSearchParams({ taskId })}`)}>
          {t('taskBrowser.signIn')}
        </a>
      </Outcome>
    );
  } else {
    body = (
      <Outcome
        icon={<CircleAlert className="size-7 text-muted-foreground" aria-hidden="true" />}
        title={m(messages.tasks.unavailableTitle)}
      >
        {loaded.data || isServerAnswer(loaded.error) ? m(messages.tasks.unavailableBody) : m(messages.tasks.taskLoadFailed)}
      </Outcome>
    );
  }
  return (
    <TaskBrowserFrame>
      {body}
      <BackToTasks emphasised />
    </TaskBrowserFrame>
  );
}
