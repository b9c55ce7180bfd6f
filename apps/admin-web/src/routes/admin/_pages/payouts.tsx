import { AppLink, Button, PageHeader } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { PayoutsTable } from '../../../components/payouts-table';

export const Route = createFileRoute('/admin/_pages/payouts')({
  component: PayoutsPage,
});

function PayoutsPage() {
  return (
    <>
      <PageHeader
        title="Payout Management"
        description="Payout requests waiting for approval."
        actions={
          <Button asChild variant="outline">
            <AppLink href="/admin-portal">
              <ArrowLeft aria-hidden="true" />
              Back to Admin Portal
            </AppLink>
          </Button>
        }
      />
      <PayoutsTable />
    </>
  );
}
