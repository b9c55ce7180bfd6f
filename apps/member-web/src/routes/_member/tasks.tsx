import { PageHeader } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { NoTasks } from '../../components/no-tasks';

export const Route = createFileRoute('/_member/tasks')({
  component: TasksPage,
});

function TasksPage() {
  return (
    <>
      <PageHeader title="Available Tasks" description="Complete tasks to earn rewards. All tasks are verified and safe." />
      <NoTasks />
    </>
  );
}
