import { createFileRoute } from '@tanstack/react-router';
import { PopupsPage } from '../../../components/popups/popups-page';

export const Route = createFileRoute('/_console/admin/popups')({
  component: PopupsPage,
});
