import { createFileRoute } from '@tanstack/react-router';
import { TransactionsPage } from '../../../components/users/transactions-page';

export const Route = createFileRoute('/_console/admin/transactions')({
  component: TransactionsPage,
});
