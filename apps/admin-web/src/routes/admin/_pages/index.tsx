import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '../../../components/admin-dashboard-page';

export const Route = createFileRoute('/admin/_pages/')({
  component: AdminDashboardPage,
});
