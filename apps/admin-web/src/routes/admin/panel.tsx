import { createFileRoute } from '@tanstack/react-router';
import { AdminPortalPage } from '../../components/admin-portal-page';
import { prefetchPanel } from '../../lib/prefetch-panel';

export const Route = createFileRoute('/admin/panel')({
  loader: ({ context }) => prefetchPanel(context),
  component: AdminPortalPage,
});
