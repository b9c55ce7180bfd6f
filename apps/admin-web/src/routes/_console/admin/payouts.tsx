import { createFileRoute } from '@tanstack/react-router';
import { PayoutsPage } from '../../../components/payouts/payouts-page';

export const Route = createFileRoute('/_console/admin/payouts')({
  component: PayoutsPage,
});
