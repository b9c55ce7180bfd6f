import { DEFAULT_TASK_VIEW_SECONDS, formatPesos, parsePesos } from '@app/contracts';
import { AppLink, BrandLink, Button, Card } from '@app/ui';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ArrowLeft, Globe } from 'lucide-react';
import { z } from 'zod';

/** The router parses query values as JSON, so ids and amounts may arrive as numbers. */
const text = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);

const taskSearch = z.object({
  taskId: text,
  taskUrl: text,
  title: text,
  reward: text,
  duration: z.coerce.number().int().positive().optional().catch(undefined),
});

/** The host of an http(s) address, else null (a task link must never open javascript: or data: URLs). */
function webHost(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.hostname : null;
  } catch {
    return null;
  }
}

export const Route = createFileRoute('/task-browser')({
  validateSearch: taskSearch,
  // A task link without its task, site, title or reward cannot be run: back to the list (spec/member.md section 2).
  beforeLoad: ({ search }) => {
    const site = search.taskUrl ? webHost(search.taskUrl) : null;
    const rewardCentavos = search.reward ? parsePesos(search.reward) : null;
    if (!search.taskId || !search.title || site === null || rewardCentavos === null) throw redirect({ to: '/tasks' });
    return { task: { title: search.title, site, rewardCentavos, seconds: search.duration ?? DEFAULT_TASK_VIEW_SECONDS } };
  },
  component: TaskBrowser,
});

function TaskBrowser() {
  const { task } = Route.useRouteContext();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <BrandLink />
      <Card className="grid w-full max-w-lg gap-5 p-8">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words">{task.title}</h1>
          <p className="text-lg font-semibold text-primary">Reward: {formatPesos(task.rewardCentavos)}</p>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Globe className="size-4 shrink-0" aria-hidden="true" />
          <span className="break-all">{task.site}</span>
        </p>
        <p className="text-sm text-muted-foreground">Keep the website open for {task.seconds} seconds to earn the reward.</p>
        <Button asChild variant="outline">
          <AppLink href="/tasks">
            <ArrowLeft aria-hidden="true" />
            Back to Available Tasks
          </AppLink>
        </Button>
      </Card>
    </div>
  );
}
