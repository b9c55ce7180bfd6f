import { errorMessage, isServerAnswer } from '@app/client';
import { messages, type Task } from '@app/contracts';
import { AppLink, Badge, Button, Card, formatPesosAmount, toast } from '@app/ui';
import { CheckCircle2, Globe, Timer } from 'lucide-react';
import { forgetView, useOpenView } from './open-views';
import { completionErrorText, useCompleteTask } from './use-complete-task';
import { useSecondsLeft } from './use-seconds-left';

/** The task browser's address for a task: its id only; the browser asks the server for the rest. */
function taskBrowserHref(task: Task): string {
  return `/task-browser?${new URLSearchParams({ taskId: task.id })}`;
}

interface TaskCardProps {
  task: Task;
  userId: string;
  /** h2 on the tasks page, h3 under the dashboard's "Available Tasks" heading. */
  headingLevel: 'h2' | 'h3';
}

/**
 * One task (docs/screens.md#states): ready, then — while a view started in the task browser runs —
 * waiting with its countdown, then completed with Collect Earnings. Cancel, and a collect the server
 * settled (Collect Earnings or Start Another Task), bring it back to ready.
 */
export function TaskCard({ task, userId, headingLevel: Heading }: TaskCardProps) {
  const view = useOpenView(userId, task.id);
  const secondsLeft = useSecondsLeft(view?.endsAt ?? null);
  const viewing = secondsLeft !== null && secondsLeft > 0;
  const headingId = `task-${task.id}-title`;

  return (
    <Card role="group" aria-labelledby={headingId} className="flex h-full flex-col">
      {/* The badge moves under a long title rather than squeezing it into a narrow column. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 p-5 pb-3">
        <Heading id={headingId} className="min-w-0 flex-[1_1_10rem] font-semibold leading-snug break-words">
          {task.title}
        </Heading>
        {viewing ? <Badge variant="warning">Waiting for Website View</Badge> : <Badge variant="success">Active</Badge>}
      </div>
      <div className="grid flex-1 content-start gap-3 px-5">
        <p className="text-sm text-muted-foreground">{task.description}</p>
        <p className="font-semibold text-primary">Reward: {formatPesosAmount(task.reward)}</p>
      </div>
      <div className="p-5 pt-4">
        {secondsLeft === null ? (
          <Button asChild className="w-full">
            <AppLink href={taskBrowserHref(task)}>
              <Globe aria-hidden="true" />
              Start Viewing Website
            </AppLink>
          </Button>
        ) : viewing ? (
          <div className="grid gap-3">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Timer className="size-4 text-warning" aria-hidden="true" />
              <span role="timer" aria-label="Viewing time left" className="font-mono text-lg font-bold tabular-nums text-foreground">
                {secondsLeft}s
              </span>
              left to view
            </p>
            <Button variant="outline" onClick={() => forgetView(userId, task.id)}>
              Cancel Task
            </Button>
          </div>
        ) : (
          <TimerCompleted task={task} userId={userId} />
        )}
      </div>
    </Card>
  );
}

function TimerCompleted({ task, userId }: { task: Task; userId: string }) {
  const complete = useCompleteTask(userId, {
    onSuccess: (result) => {
      if (result.success) {
        toast({ title: messages.tasks.collectedTitle, description: messages.tasks.collectedBody(result.reward ?? task.reward) });
      } else {
        toast({ variant: 'destructive', title: messages.tasks.errorTitle, description: completionErrorText(result.error) });
      }
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: messages.tasks.errorTitle,
        description: isServerAnswer(error) ? errorMessage(error, messages.tasks.collectFailed) : messages.tasks.collectNetworkFailed,
      }),
  });

  // A completed view is never lost: Start Another Task collects it too, and the card is ready for the next
  // view once the server has settled this one. A collect that fails for want of a connection keeps the view.
  const collect = () => complete.mutate({ id: task.id });
  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 font-semibold text-success">
        <CheckCircle2 className="size-5" aria-hidden="true" />
        Timer Completed!
      </p>
      <div className="flex flex-wrap gap-2 [&>*]:flex-1">
        <Button onClick={collect} disabled={complete.isPending}>
          {complete.isPending ? 'Collecting...' : 'Collect Earnings'}
        </Button>
        <Button variant="outline" onClick={collect} disabled={complete.isPending}>
          Start Another Task
        </Button>
      </div>
    </div>
  );
}
