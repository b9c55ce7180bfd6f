import { createFileRoute } from '@tanstack/react-router';
import { AdminPortalPage } from '../../components/admin-portal-page';

export const Route = createFileRoute('/admin/panel')({
  component: AdminPortalPage,
});
