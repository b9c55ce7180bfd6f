import { createFileRoute, redirect } from '@tanstack/react-router';
import { searchText } from '../components/earning/search';
import { TaskBrowserPage } from '../components/task-browser/task-browser-page';

/** A task link names its task and nothing else: what it shows comes from the server. */
interface TaskSearch {
  taskId?: string;
}

const taskSearch = (search: Record<string, unknown>): TaskSearch => ({ taskId: searchText(search.taskId) });

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
  component: function TaskBrowser() {
    return <TaskBrowserPage taskId={Route.useRouteContext().taskId} />;
  },
});
