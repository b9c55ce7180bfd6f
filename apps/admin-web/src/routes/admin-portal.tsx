import { createFileRoute } from '@tanstack/react-router';
import { AdminPortalPage, prefetchPanel } from '../components/admin-portal-page';

export const Route = createFileRoute('/admin-portal')({
  loader: ({ context }) => prefetchPanel(context),
  component: AdminPortalPage,
});
