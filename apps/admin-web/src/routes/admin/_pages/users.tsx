import { createFileRoute } from '@tanstack/react-router';
import { AdminListPage } from '../../../components/admin-list-page';

export const Route = createFileRoute('/admin/_pages/users')({
  component: () => <AdminListPage title="User Management" description="Members, their balances, account status and VIP." list="users" />,
});
