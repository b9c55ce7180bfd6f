import { ADMIN_USER_FILTERS, type AdminUserFilter } from '@app/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../components/users/users-page';

/**
 * ?filter= takes one of the filters; anything else is the unfiltered list. The key is always returned:
 * the router lays it over the address's own parameters, where an unknown filter would otherwise stay. A
 * plain function, not a zod schema: a route's options load with the app's first chunk, and a schema here
 * brought all of zod there.
 */
function usersSearch(search: Record<string, unknown>): { filter: AdminUserFilter | undefined } {
  return { filter: ADMIN_USER_FILTERS.find((known) => known === search.filter) };
}

export const Route = createFileRoute('/_console/admin/users')({
  validateSearch: usersSearch,
  component: UsersRoute,
});

function UsersRoute() {
  const { filter } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UsersPage filter={filter} onFilter={(next) => void navigate({ search: { filter: next } })} />;
}
