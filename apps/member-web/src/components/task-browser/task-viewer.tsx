import { isServerAnswer, trpc, useCurrentUser } from '@app/client';
import { messages } from '@app/contracts';
import { Alert, AlertDescription, Button, DocumentTitle, NewTabLink, Progress } from '@app/ui';
import { useNavigate } from '@tanstack/react-router';
import { CheckCircle2, CircleAlert, Eye, Globe, LoaderCircle, Timer } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../lib/language';
import { useCompleteTask } from '../earning/use-complete-task';
import { useSecondsLeft } from '../earning/use-seconds-left';
import { useStartTask } from '../earning/use-start-task';
import { BackToTasks, Outcome, TaskBrowserFrame } from './frame';
import { usePopupBlocked } from './new-tab';
import type { RunnableTask } from './runnable-task';

/** The viewing countdown, from the server's viewing time once Start Viewing has recorded the view. */
interface Countdown {
  endsAt: number;
  seconds: number;
}

/**
 * The task browser (docs/screens.md#member-screens). Start Viewing records the view on the server (the proof
 * of view, docs/product-rules.md#decided-rules) and starts the countdown with the server's viewing time; at zero the view
 * is completed and the member returns to /tasks with the result. Until then the page waits, saying that
 * time on the website counts only from Start Viewing, so no clock runs out on a member who has not begun.
 */
export function TaskViewer({ task }: { task: RunnableTask }) {
  const { t, m, formatPesos } = useLanguage();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [countdown, setCountdown] = useState<Countdown | null>(null);
  const viewed = countdown !== null;
  const [refusal, setRefusal] = useState<string | null>(null);
  // At the day's limit the page says so before anything starts: no site opens for a view that cannot pay.
  const status = trpc.vip.status.useQuery();
  const limitReached = !viewed && status.data !== undefined && status.data.tasksRemaining <= 0;
  const shownRefusal = refusal ?? (limitReached ? m(messages.tasks.dailyLimitReached) : null);
  const popupBlocked = usePopupBlocked(shownRefusal === null && !status.isPending ? task.url : null);
  const viewSeconds = trpc.site.config.useQuery().data?.taskViewSeconds ?? task.seconds;
  const secondsLeft = useSecondsLeft(refusal === null && countdown ? countdown.endsAt : null) ?? 0;

  const start = useStartTask(user?.id, {
    onStarted: setCountdown,
    // The server's refusal (daily limit, task gone, maintenance) ends the attempt; a lost connection may be retried.
    onError: (error) => {
      if (isServerAnswer(error)) setRefusal(error.message);
    },
  });

  // The result is reported on /tasks (docs/screens.md#member-screens), as a toast read from the query string.
  const { mutate: completeTask } = useCompleteTask(user?.id, {
    onSuccess: (result) =>
      navigate({
        href: result.success ? `/tasks?success=true&reward=${result.reward}` : `/tasks?error=${result.error ?? 'true'}`,
        replace: true,
      }),
    onError: () => navigate({ href: '/tasks?error=true', replace: true }),
  });
  const completing = useRef(false);
  const timeUp = viewed && secondsLeft === 0 && refusal === null;
  useEffect(() => {
    // Once only: a second call would find the view already completed and report that instead.
    if (!timeUp || completing.current) return;
    completing.current = true;
    completeTask({ id: task.id });
  }, [timeUp, completeTask, task.id]);

  let body: ReactNode;
  if (shownRefusal !== null) {
    body = (
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertDescription className="text-foreground">{shownRefusal}</AlertDescription>
      </Alert>
    );
  } else if (timeUp) {
    body = (
      <Outcome icon={<CheckCircle2 className="size-7 text-success" aria-hidden="true" />} title={m(messages.tasks.completedTitle)}>
        <span className="inline-flex items-center gap-2">
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {t('taskBrowser.crediting')}
        </span>
      </Outcome>
    );
  } else {
    body = (
      <>
        {countdown ? (
          <>
            <div className="grid gap-2">
              <div className="flex items-end justify-between gap-3">
                <p className="text-sm font-medium text-muted-foreground">{t('taskBrowser.timeLeft')}</p>
                <p role="timer" aria-label={t('taskBrowser.timeLeft')} className="font-mono text-3xl font-bold tabular-nums">
                  {t('taskBrowser.secondsLeft', { seconds: secondsLeft })}
                </p>
              </div>
              <Progress value={((countdown.seconds - secondsLeft) / countdown.seconds) * 100} aria-label={t('taskBrowser.countdown')} />
            </div>
            <p className="text-sm text-muted-foreground">{t('taskBrowser.keepOpen')}</p>
          </>
        ) : (
          <Alert>
            <Timer aria-hidden="true" />
            <AlertDescription>{m(messages.tasks.timerStartsWithViewing(String(viewSeconds)))}</AlertDescription>
          </Alert>
        )}
        {popupBlocked && (
          <Alert variant="warning">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{m(messages.tasks.popupBlocked)}</AlertDescription>
          </Alert>
        )}
        {start.isError && (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertDescription className="text-foreground">{m(messages.tasks.startFailed)}</AlertDescription>
          </Alert>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          {!viewed && (
            <Button size="lg" className="sm:flex-1" onClick={() => start.mutate({ id: task.id })} disabled={start.isPending}>
              <Eye aria-hidden="true" />
              {start.isPending ? t('taskBrowser.starting') : t('taskBrowser.startViewing')}
            </Button>
          )}
          <Button asChild size="lg" variant="outline" className="sm:flex-1">
            <NewTabLink href={task.url}>{t('taskBrowser.openWebsite')}</NewTabLink>
          </Button>
        </div>
      </>
    );
  }

  return (
    <TaskBrowserFrame>
      <div className="grid gap-2">
        <DocumentTitle title={task.title} />
        {/* The task's title is what an admin typed: shown as written (docs/architecture.md#two-languages). */}
        <h1 data-admin-text className="text-2xl font-bold tracking-tight break-words">
          {task.title}
        </h1>
        <p className="text-lg font-semibold text-primary">{t('taskBrowser.reward', { amount: formatPesos(task.rewardCentavos) })}</p>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Globe className="size-4 shrink-0" aria-hidden="true" />
          <span className="break-all">{task.site}</span>
        </p>
      </div>
      {body}
      <BackToTasks emphasised={shownRefusal !== null} />
    </TaskBrowserFrame>
  );
}
