import { messages } from '@app/contracts';
import { EmptyState } from '@app/ui';
import { ListChecks } from 'lucide-react';

/** The tasks list's empty state, on the dashboard and on /tasks. */
export function NoTasks() {
  return <EmptyState icon={ListChecks} title={messages.tasks.emptyTitle} description={messages.tasks.emptyBody} />;
}
