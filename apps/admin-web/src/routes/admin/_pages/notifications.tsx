import { createFileRoute } from '@tanstack/react-router';
import { AdminListPage } from '../../../components/admin-list-page';

export const Route = createFileRoute('/admin/_pages/notifications')({
  component: () => (
    <AdminListPage title="Notification Management" description="Messages shown to all members or to one member." list="notifications" />
  ),
});
