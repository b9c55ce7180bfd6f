import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../../../components/support/support-page';

export const Route = createFileRoute('/_console/admin/support')({
  component: SupportPage,
});
