import { isServerAnswer, isUnauthorizedError, trpc, useCurrentUser } from '@app/client';
import { formatPesos, messages, parsePesos, TASK_AUTO_OPEN_MS, type TaskToView } from '@app/contracts';
import {
  Alert,
  AlertDescription,
  AppLink,
  BrandLink,
  Button,
  Card,
  DocumentTitle,
  NewTabLink,
  Progress,
  Skeleton,
  signInHref,
  toast,
} from '@app/ui';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, CheckCircle2, CircleAlert, Eye, Globe, LoaderCircle, LogIn, Timer } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { forgetView, rememberView } from '../components/earning/open-views';
import { searchText } from '../components/earning/search';
import { useCompleteTask } from '../components/earning/use-complete-task';
import { useSecondsLeft } from '../components/earning/use-seconds-left';

/** A task link names its task and nothing else: what it shows comes from the server. */
interface TaskSearch {
  taskId?: string;
}

const taskSearch = (search: Record<string, unknown>): TaskSearch => ({ taskId: searchText(search.taskId) });

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
  // A link without a task cannot be run: back to the list (docs/screens.md#member-screens).
  beforeLoad: ({ search }) => {
    if (!search.taskId) throw redirect({ to: '/tasks' });
    return { taskId: search.taskId };
  },
  // The task and the viewing time travel with the user's query.
  loader: ({ context }) => {
    void context.trpc.tasks.get.prefetch({ id: context.taskId });
    void context.trpc.site.config.prefetch();
    void context.trpc.vip.status.prefetch();
  },
  component: TaskBrowser,
});

/** The task as the page runs it: the server's title, site and reward for this member, never the link's. */
interface RunnableTask {
  id: string;
  title: string;
  url: string;
  site: string;
  rewardCentavos: number;
  seconds: number;
}

function runnable(task: TaskToView): RunnableTask | null {
  const url = webUrl(task.url);
  const rewardCentavos = parsePesos(task.reward);
  if (url === null || rewardCentavos === null) return null;
  return { id: task.id, title: task.title, url: url.href, site: url.hostname, rewardCentavos, seconds: task.durationSeconds };
}

/** Loads the linked task from the server, then runs it; a task that is gone or not for this member says so. */
function TaskBrowser() {
  const { taskId } = Route.useRouteContext();
  const loaded = trpc.tasks.get.useQuery({ id: taskId });
  const task = loaded.data ? runnable(loaded.data) : null;
  if (task) return <TaskViewer task={task} />;

  let body: ReactNode;
  if (loaded.isPending) {
    body = (
      <div role="status" aria-label="Loading the task" className="grid gap-3">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (isUnauthorizedError(loaded.error)) {
    body = (
      <Outcome icon={<LogIn className="size-7 text-primary" aria-hidden="true" />} title={messages.tasks.signInTitle}>
        <a className="font-medium text-primary underline" href={signInHref(`/task-browser?${new URLSearchParams({ taskId })}`)}>
          Sign in
        </a>{' '}
        to view this task and earn its reward.
      </Outcome>
    );
  } else {
    body = (
      <Outcome icon={<CircleAlert className="size-7 text-muted-foreground" aria-hidden="true" />} title={messages.tasks.unavailableTitle}>
        {loaded.data || isServerAnswer(loaded.error) ? messages.tasks.unavailableBody : messages.tasks.taskLoadFailed}
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

function TaskBrowserFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <BrandLink />
      <Card className="grid w-full max-w-lg gap-5 p-6 sm:p-8">{children}</Card>
    </div>
  );
}

function BackToTasks({ emphasised }: { emphasised: boolean }) {
  return (
    <Button asChild variant={emphasised ? 'default' : 'ghost'}>
      <AppLink href="/tasks">
        <ArrowLeft aria-hidden="true" />
        Back to Available Tasks
      </AppLink>
    </Button>
  );
}

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
 * Opens the site's tab after TASK_AUTO_OPEN_MS (docs/product-rules.md#constants-and-limits), unless `url` is null (the
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
function TaskViewer({ task }: { task: RunnableTask }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [countdown, setCountdown] = useState<Countdown | null>(null);
  const viewed = countdown !== null;
  const [refusal, setRefusal] = useState<string | null>(null);
  // At the day's limit the page says so before anything starts: no site opens for a view that cannot pay.
  const status = trpc.vip.status.useQuery();
  const limitReached = !viewed && status.data !== undefined && status.data.tasksRemaining <= 0;
  const shownRefusal = refusal ?? (limitReached ? messages.tasks.dailyLimitReached : null);
  const popupBlocked = usePopupBlocked(shownRefusal === null && !status.isPending ? task.url : null);
  const viewSeconds = trpc.site.config.useQuery().data?.taskViewSeconds ?? task.seconds;
  const secondsLeft = useSecondsLeft(refusal === null && countdown ? countdown.endsAt : null) ?? 0;

  const utils = trpc.useUtils();
  const start = trpc.tasks.start.useMutation({
    onSuccess: ({ durationSeconds, collected }) => {
      const endsAt = Date.now() + durationSeconds * 1000;
      setCountdown({ endsAt, seconds: durationSeconds });
      if (user) rememberView({ userId: user.id, taskId: task.id, endsAt });
      if (collected) {
        // The finished view of another task was credited first: its card has nothing left to collect.
        if (user) forgetView(user.id, collected.taskId);
        toast({ title: messages.tasks.collectedTitle, description: messages.tasks.earlierViewCollected(collected.reward) });
        void utils.auth.user.invalidate();
        void utils.transactions.list.invalidate();
        void utils.vip.status.invalidate();
      }
    },
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
  const over = shownRefusal !== null;
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
      <Outcome icon={<CheckCircle2 className="size-7 text-success" aria-hidden="true" />} title={messages.tasks.completedTitle}>
        <span className="inline-flex items-center gap-2">
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Crediting your reward...
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
                <p className="text-sm font-medium text-muted-foreground">Viewing time left</p>
                <p role="timer" aria-label="Viewing time left" className="font-mono text-3xl font-bold tabular-nums">
                  {secondsLeft}s
                </p>
              </div>
              <Progress value={((countdown.seconds - secondsLeft) / countdown.seconds) * 100} aria-label="Countdown" />
            </div>
            <p className="text-sm text-muted-foreground">Keep the website open. Your reward is credited when the timer reaches zero.</p>
          </>
        ) : (
          <Alert>
            <Timer aria-hidden="true" />
            <AlertDescription>{messages.tasks.timerStartsWithViewing(String(viewSeconds))}</AlertDescription>
          </Alert>
        )}
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
            <NewTabLink href={task.url}>Open Website</NewTabLink>
          </Button>
        </div>
      </>
    );
  }

  return (
    <TaskBrowserFrame>
      <div className="grid gap-2">
        <DocumentTitle title={task.title} />
        <h1 className="text-2xl font-bold tracking-tight break-words">{task.title}</h1>
        <p className="text-lg font-semibold text-primary">Reward: {formatPesos(task.rewardCentavos)}</p>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Globe className="size-4 shrink-0" aria-hidden="true" />
          <span className="break-all">{task.site}</span>
        </p>
      </div>
      {body}
      <BackToTasks emphasised={over} />
    </TaskBrowserFrame>
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
