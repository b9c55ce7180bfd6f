import { errorMessage, isServerAnswer } from '@app/client';
import { messages, type Task } from '@app/contracts';
import { Badge, Button, Card, formatPesosAmount, NewTabLink, toast } from '@app/ui';
import { CheckCircle2, Globe, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { inLanguage, translate } from '../../lib/language';
import { openInNewTab, webUrl } from './open-site';
import { forgetView, useOpenView } from './open-views';
import { completionErrorText, useCompleteTask } from './use-complete-task';
import { useSecondsLeft } from './use-seconds-left';
import { useStartTask } from './use-start-task';

interface TaskCardProps {
  task: Task;
  userId: string;
  /** h2 on the tasks page, h3 under the dashboard's "Available Tasks" heading. */
  headingLevel: 'h2' | 'h3';
  /** Credited today already: marked in words, not colour only, and listed last (docs/screens.md#the-first-visit). */
  doneToday: boolean;
}

/**
 * One task (docs/screens.md#states): ready, then, once one tap has opened the site and started the view,
 * waiting with its countdown, then completed with Collect Earnings. Cancel, and a collect the server
 * settled (Collect Earnings or Start Another Task), bring it back to ready.
 */
export function TaskCard({ task, userId, headingLevel, doneToday }: TaskCardProps) {
  const view = useOpenView(userId, task.id);
  const secondsLeft = useSecondsLeft(view?.endsAt ?? null);
  const viewing = secondsLeft !== null && secondsLeft > 0;

  return (
    <TaskCardFrame
      task={task}
      headingLevel={headingLevel}
      headingId={`task-${task.id}-title`}
      badge={<TaskBadge state={viewing ? 'viewing' : doneToday ? 'doneToday' : 'ready'} />}
    >
      {secondsLeft === null ? (
        <StartTaskButton task={task} userId={userId} />
      ) : viewing ? (
        <div className="grid gap-3">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Timer className="size-4 text-warning" aria-hidden="true" />
            <span role="timer" aria-label={translate('task.timeLeft')} className="font-mono text-lg font-bold tabular-nums text-foreground">
              {secondsLeft}s
            </span>
            {translate('task.leftToView')}
          </p>
          {/* The way back to the site, also where the popup blocker refused the tab the start opened. */}
          {webUrl(task.url) && (
            <Button asChild variant="secondary">
              <NewTabLink href={task.url}>{translate('task.openWebsite')}</NewTabLink>
            </Button>
          )}
          <Button variant="outline" onClick={() => forgetView(userId, task.id)}>
            {translate('task.cancel')}
          </Button>
        </div>
      ) : (
        <TimerCompleted task={task} userId={userId} />
      )}
    </TaskCardFrame>
  );
}

interface TaskCardFrameProps {
  task: Pick<Task, 'title' | 'description' | 'reward'>;
  headingLevel: 'h2' | 'h3';
  /** What labels the card; the first paint's cards, replaced before anyone reads them by name, have none. */
  headingId?: string;
  badge: ReactNode;
  /** What the member can do with the task now. */
  children: ReactNode;
}

/** A task card's frame: its title and state, its description and reward, and what can be done with it. */
export function TaskCardFrame({ task, headingLevel: Heading, headingId, badge, children }: TaskCardFrameProps) {
  return (
    <Card role="group" aria-labelledby={headingId} className="flex h-full flex-col">
      {/* The badge moves under a long title rather than squeezing it into a narrow column. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 p-5 pb-3">
        {/* A task's title and description are an admin's words, shown as written (docs/architecture.md#two-languages). */}
        <Heading id={headingId} data-admin-text className="min-w-0 flex-[1_1_10rem] font-semibold leading-snug break-words">
          {task.title}
        </Heading>
        {badge}
      </div>
      <div className="grid flex-1 content-start gap-3 px-5">
        <p data-admin-text className="text-sm text-muted-foreground">
          {task.description}
        </p>
        <p className="font-semibold text-primary">{translate('task.reward', { amount: formatPesosAmount(task.reward) })}</p>
      </div>
      <div className="p-5 pt-4">{children}</div>
    </Card>
  );
}

/** A task's state in words, not colour only: its view counting down, credited today already, or ready. */
export function TaskBadge({ state }: { state: 'viewing' | 'doneToday' | 'ready' }) {
  if (state === 'viewing') return <Badge variant="warning">{translate('task.waiting')}</Badge>;
  if (state === 'doneToday') {
    return (
      <Badge variant="secondary">
        <CheckCircle2 aria-hidden="true" />
        {translate('task.doneToday')}
      </Badge>
    );
  }
  return <Badge variant="success">{translate('task.active')}</Badge>;
}

/**
 * One tap starts the task: the site's tab opens in the click itself (a tab opened after an await would be
 * taken for a popup and blocked) and the server records the view at once, so the card's countdown runs; the
 * task browser page is no longer a step on the way. A start the server refuses (the day's limit, a task
 * gone) closes the tab again and says why.
 */
export function StartTaskButton({ task, userId }: { task: Task; userId: string }) {
  const start = useStartTask(userId, {
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: inLanguage(messages.tasks.errorTitle),
        description: errorMessage(error, inLanguage(messages.tasks.startFailed)),
      }),
  });
  function startTask() {
    const site = webUrl(task.url);
    const tab = site && openInNewTab(site.href);
    start.mutate({ id: task.id }, { onError: () => tab?.close() });
  }
  return (
    <Button className="w-full" onClick={startTask} disabled={start.isPending}>
      <Globe aria-hidden="true" />
      {translate('task.startViewing')}
    </Button>
  );
}

function TimerCompleted({ task, userId }: { task: Task; userId: string }) {
  const complete = useCompleteTask(userId, {
    onSuccess: (result) => {
      if (result.success) {
        toast({
          title: inLanguage(messages.tasks.collectedTitle),
          description: inLanguage(messages.tasks.collectedBody(result.reward ?? task.reward)),
        });
      } else {
        toast({ variant: 'destructive', title: inLanguage(messages.tasks.errorTitle), description: completionErrorText(result.error) });
      }
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: inLanguage(messages.tasks.errorTitle),
        description: errorMessage(
          error,
          isServerAnswer(error) ? inLanguage(messages.tasks.collectFailed) : inLanguage(messages.tasks.collectNetworkFailed),
        ),
      }),
  });

  // A completed view is never lost: Start Another Task collects it too, and the card is ready for the next
  // view once the server has settled this one. A collect that fails for want of a connection keeps the view.
  const collect = () => complete.mutate({ id: task.id });
  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 font-semibold text-success">
        <CheckCircle2 className="size-5" aria-hidden="true" />
        {translate('task.timerCompleted')}
      </p>
      <div className="flex flex-wrap gap-2 [&>*]:flex-1">
        <Button onClick={collect} disabled={complete.isPending}>
          {complete.isPending ? translate('task.collecting') : translate('task.collect')}
        </Button>
        <Button variant="outline" onClick={collect} disabled={complete.isPending}>
          {translate('task.startAnother')}
        </Button>
      </div>
    </div>
  );
}
