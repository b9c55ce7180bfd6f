import { ADMIN_USER_FILTERS, z } from '@app/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../components/users-page';

/** ?filter= takes one of the filters; anything else is the unfiltered list. */
const usersSearch = z.object({ filter: z.enum(ADMIN_USER_FILTERS).optional().catch(undefined) });

export const Route = createFileRoute('/admin/_pages/users')({
  validateSearch: usersSearch,
  component: UsersRoute,
});

function UsersRoute() {
  const { filter } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UsersPage filter={filter} onFilter={(next) => void navigate({ search: next ? { filter: next } : {} })} />;
}
