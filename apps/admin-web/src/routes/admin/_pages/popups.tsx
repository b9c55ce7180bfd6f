import { createFileRoute } from '@tanstack/react-router';
import { AdminListPage } from '../../../components/admin-list-page';

export const Route = createFileRoute('/admin/_pages/popups')({
  component: () => <AdminListPage title="Browser Popups" description="Timed popups members see once per session." list="popups" />,
});
