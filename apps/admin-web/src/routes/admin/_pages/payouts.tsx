import { AppLink, Button } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { AdminListPage } from '../../../components/admin-list-page';

export const Route = createFileRoute('/admin/_pages/payouts')({
  component: PayoutsPage,
});

function PayoutsPage() {
  return (
    <AdminListPage
      title="Payout Management"
      description="Payout requests waiting for approval."
      list="pendingPayouts"
      actions={
        <Button asChild variant="outline">
          <AppLink href="/admin-portal">
            <ArrowLeft aria-hidden="true" />
            Back to Admin Portal
          </AppLink>
        </Button>
      }
    />
  );
}
