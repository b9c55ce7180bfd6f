import { createFileRoute } from '@tanstack/react-router';
import { AdminPortalPage, prefetchPanel } from '../../components/admin-portal-page';

export const Route = createFileRoute('/admin/panel')({
  loader: ({ context }) => prefetchPanel(context),
  component: AdminPortalPage,
});
