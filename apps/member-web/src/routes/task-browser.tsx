import { DEFAULT_TASK_VIEW_SECONDS, formatPesos, messages, parsePesos, TASK_AUTO_OPEN_MS } from '@app/contracts';
import { Alert, AlertDescription, AppLink, BrandLink, Button, Card, isServerAnswer, Progress, trpc, useCurrentUser } from '@app/ui';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, CheckCircle2, CircleAlert, ExternalLink, Eye, Globe, LoaderCircle, TimerOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { rememberView } from '../components/earning/open-views';
import { searchPositiveInteger, searchText } from '../components/earning/search';
import { useCompleteTask } from '../components/earning/use-complete-task';
import { useSecondsLeft } from '../components/earning/use-seconds-left';

/** A task link's query string; any part may be missing or unreadable. */
interface TaskSearch {
  taskId?: string;
  taskUrl?: string;
  title?: string;
  reward?: string;
  duration?: number;
}

const taskSearch = (search: Record<string, unknown>): TaskSearch => ({
  taskId: searchText(search.taskId),
  taskUrl: searchText(search.taskUrl),
  title: searchText(search.title),
  reward: searchText(search.reward),
  duration: searchPositiveInteger(search.duration),
});

/** The address if it is http(s), else null (a task link must never open javascript: or data: URLs). */
function webUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export const Route = createFileRoute('/task-browser')({
  validateSearch: taskSearch,
  // A task link without its task, site, title or reward cannot be run: back to the list (spec/member.md section 2).
  beforeLoad: ({ search }) => {
    const url = search.taskUrl ? webUrl(search.taskUrl) : null;
    const rewardCentavos = search.reward ? parsePesos(search.reward) : null;
    if (!search.taskId || !search.title || url === null || rewardCentavos === null) throw redirect({ to: '/tasks' });
    return {
      task: {
        id: search.taskId,
        title: search.title,
        url: url.href,
        site: url.hostname,
        rewardCentavos,
        seconds: search.duration ?? DEFAULT_TASK_VIEW_SECONDS,
      },
    };
  },
  // The viewing time the server enforces, for the instructions; it travels with the user's query.
  loader: ({ context }) => {
    void context.trpc.site.config.prefetch();
  },
  component: TaskBrowser,
});

/**
 * Opens the site in a new tab that gets no handle on this page, as `noopener` would. A blank tab is
 * opened first and pointed at the site after its opener is cut, because window.open with 'noopener'
 * always returns null and so cannot tell an opened tab from one the browser's popup blocker refused.
 */
function openInNewTab(url: string): boolean {
  const tab = window.open('about:blank', '_blank');
  if (!tab) return false;
  tab.opener = null;
  tab.location.href = url;
  return true;
}

/**
 * Opens the site's tab after TASK_AUTO_OPEN_MS (spec/member.md section 9), unless `url` is null (the
 * attempt is over), and tells whether the browser blocked it; the page's Open Website link is the way in then.
 */
function usePopupBlocked(url: string | null): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (url === null) return;
    const timer = setTimeout(() => setBlocked(!openInNewTab(url)), TASK_AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [url]);
  return blocked;
}

/** A countdown: until Start Viewing, the time to begin; after it, the server's viewing time. */
interface Countdown {
  endsAt: number;
  seconds: number;
}

/**
 * The task browser (spec/member.md section 2). Start Viewing records the view on the server (the proof
 * of view, DESIGN.md section 5) and restarts the countdown with the server's viewing time. At zero a
 * started view is completed and the member returns to /tasks with the result; otherwise nothing is earned.
 */
function TaskBrowser() {
  const { task } = Route.useRouteContext();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [countdown, setCountdown] = useState<Countdown>(() => ({ endsAt: Date.now() + task.seconds * 1000, seconds: task.seconds }));
  const [viewed, setViewed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const popupBlocked = usePopupBlocked(refusal === null ? task.url : null);
  const viewSeconds = trpc.site.config.useQuery().data?.taskViewSeconds ?? task.seconds;
  const secondsLeft = useSecondsLeft(refusal === null ? countdown.endsAt : null) ?? 0;

  const start = trpc.tasks.start.useMutation({
    onSuccess: ({ durationSeconds }) => {
      const endsAt = Date.now() + durationSeconds * 1000;
      setCountdown({ endsAt, seconds: durationSeconds });
      setViewed(true);
      if (user) rememberView({ userId: user.id, taskId: task.id, endsAt });
    },
    // The server's refusal (daily limit, task gone, maintenance) ends the attempt; a lost connection may be retried.
    onError: (error) => {
      if (isServerAnswer(error)) setRefusal(error.message);
    },
  });

  // The result is reported on /tasks (spec/member.md section 2), as a toast read from the query string.
  const { mutate: completeTask } = useCompleteTask(user?.id, {
    onSuccess: (result) =>
      navigate({
        href: result.success ? `/tasks?success=true&reward=${result.reward}` : `/tasks?error=${result.error ?? 'true'}`,
        replace: true,
      }),
    onError: () => navigate({ href: '/tasks?error=true', replace: true }),
  });
  const completing = useRef(false);
  const timeUp = secondsLeft === 0 && refusal === null;
  const over = refusal !== null || (timeUp && !viewed && !start.isPending);
  useEffect(() => {
    // Once only: a second call would find the view already completed and report that instead.
    if (!timeUp || !viewed || completing.current) return;
    completing.current = true;
    completeTask({ id: task.id });
  }, [timeUp, viewed, completeTask, task.id]);

  let body: ReactNode;
  if (refusal !== null) {
    body = (
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertDescription className="text-foreground">{refusal}</AlertDescription>
      </Alert>
    );
  } else if (timeUp && viewed) {
    body = (
      <Outcome icon={<CheckCircle2 className="size-7 text-success" aria-hidden="true" />} title={messages.tasks.completedTitle}>
        <span className="inline-flex items-center gap-2">
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Crediting your reward...
        </span>
      </Outcome>
    );
  } else if (over) {
    body = (
      <Outcome icon={<TimerOff className="size-7 text-muted-foreground" aria-hidden="true" />} title={messages.tasks.noEarningsTitle}>
        {messages.tasks.noEarningsBody}
      </Outcome>
    );
  } else {
    body = (
      <>
        <div className="grid gap-2">
          <div className="flex items-end justify-between gap-3">
            <p className="text-sm font-medium text-muted-foreground">{viewed ? 'Viewing time left' : 'Time to start viewing'}</p>
            <p
              role="timer"
              aria-label={viewed ? 'Viewing time left' : 'Time to start viewing'}
              className="font-mono text-3xl font-bold tabular-nums"
            >
              {secondsLeft}s
            </p>
          </div>
          <Progress value={((countdown.seconds - secondsLeft) / countdown.seconds) * 100} aria-label="Countdown" />
        </div>
        <p className="text-sm text-muted-foreground">
          {viewed
            ? 'Keep the website open. Your reward is credited when the timer reaches zero.'
            : `Click Start Viewing, then keep the website open for ${viewSeconds} seconds to earn the reward.`}
        </p>
        {popupBlocked && (
          <Alert variant="warning">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{messages.tasks.popupBlocked}</AlertDescription>
          </Alert>
        )}
        {start.isError && (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertDescription className="text-foreground">{messages.tasks.startFailed}</AlertDescription>
          </Alert>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          {!viewed && (
            <Button size="lg" className="sm:flex-1" onClick={() => start.mutate({ id: task.id })} disabled={start.isPending}>
              <Eye aria-hidden="true" />
              {start.isPending ? 'Starting...' : 'Start Viewing'}
            </Button>
          )}
          <Button asChild size="lg" variant="outline" className="sm:flex-1">
            <a href={task.url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Open Website
            </a>
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <BrandLink />
      <Card className="grid w-full max-w-lg gap-5 p-6 sm:p-8">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words">{task.title}</h1>
          <p className="text-lg font-semibold text-primary">Reward: {formatPesos(task.rewardCentavos)}</p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Globe className="size-4 shrink-0" aria-hidden="true" />
            <span className="break-all">{task.site}</span>
          </p>
        </div>
        {body}
        <Button asChild variant={over ? 'default' : 'ghost'}>
          <AppLink href="/tasks">
            <ArrowLeft aria-hidden="true" />
            Back to Available Tasks
          </AppLink>
        </Button>
      </Card>
    </div>
  );
}

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div role="status" className="grid justify-items-center gap-3 rounded-lg border bg-muted/40 p-6 text-center">
      {icon}
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
