import { createFileRoute } from '@tanstack/react-router';
import { TasksPage } from '../../../components/tasks-page';

export const Route = createFileRoute('/admin/_pages/tasks')({
  component: TasksPage,
});
