import { createFileRoute } from '@tanstack/react-router';
import { AdminListPage } from '../../../components/admin-list-page';

export const Route = createFileRoute('/admin/_pages/logs')({
  component: () => <AdminListPage title="Activity Logs" description="Every change an admin made, newest first." list="activityLogs" />,
});
