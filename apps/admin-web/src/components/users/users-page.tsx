import { ADMIN_USER_FILTERS, type AdminUserFilter, capitalize } from '@app/contracts';
import { PageHeader, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@app/ui';
import { useState } from 'react';
import { TableSearch } from '../shared/admin-table';
import { UsersTable } from './users-table';

const ALL = 'all';

const FILTER_LABELS: Record<AdminUserFilter, string> = {
  pending: 'Pending VIP',
  vip: 'VIP Members',
  active: capitalize('active'),
  suspended: capitalize('suspended'),
  banned: capitalize('banned'),
};

interface UsersPageProps {
  filter?: AdminUserFilter;
  /** All Users goes to the path without a filter (docs/screens.md#admin-screens). */
  onFilter: (filter: AdminUserFilter | undefined) => void;
}

/** /admin/users: the users list by filter and server-side search. */
export function UsersPage({ filter, onFilter }: UsersPageProps) {
  const [search, setSearch] = useState('');

  return (
    <>
      <PageHeader title="User Management" description="Members, their balances, account status and VIP." />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Select value={filter ?? ALL} onValueChange={(value) => onFilter(value === ALL ? undefined : (value as AdminUserFilter))}>
          <SelectTrigger aria-label="Filter users" className="sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Users</SelectItem>
            {ADMIN_USER_FILTERS.map((option) => (
              <SelectItem key={option} value={option}>
                {FILTER_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <TableSearch label="Search users" placeholder="Email, name or id" onSearch={setSearch} />
      </div>
      <UsersTable filter={filter} search={search} />
    </>
  );
}
