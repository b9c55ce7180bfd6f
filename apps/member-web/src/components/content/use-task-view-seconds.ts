import { trpc } from '@app/client';
import { DEFAULT_TASK_VIEW_SECONDS } from '@app/contracts';

/** How long a task must be viewed on this server (TASK_VIEW_SECONDS), the default until the config arrives. */
export function useTaskViewSeconds(): number {
  return trpc.site.config.useQuery().data?.taskViewSeconds ?? DEFAULT_TASK_VIEW_SECONDS;
}
