import { trpc } from '@app/client';
import { type AccountStatus, type AdminUser, type AdminUserFilter, capitalize, formatDate, staffMessages } from '@app/contracts';
import { Badge, formatPesosAmount, fullName } from '@app/ui';
import { useState } from 'react';
import { tierLabel } from '../../lib/labels';
import { REFRESH } from '../../lib/refresh';
import { byId, type Column, EmailOverId, IdBelowWide, idColumn } from '../shared/admin-table';
import { PagedTable, usePaging } from '../shared/paged-table';
import { BalanceCell } from './balance-cell';
import { UserActions } from './user-actions';

const m = staffMessages.admin.screens;

const STATUS_BADGE: Record<AccountStatus, 'success' | 'warning' | 'destructive'> = {
  active: 'success',
  suspended: 'warning',
  banned: 'destructive',
};

const COLUMNS: readonly Column<AdminUser>[] = [
  idColumn('ID', (user) => user.id),
  {
    header: 'Email',
    main: true,
    cell: (user) => (
      <EmailOverId email={user.email}>
        <IdBelowWide id={user.id} />
      </EmailOverId>
    ),
  },
  { header: 'Name', collapse: true, cell: (user) => fullName(user) || '—' },
  {
    header: 'VIP Status',
    collapse: true,
    cell: (user) => (
      <span className="flex flex-wrap gap-1">
        <Badge variant={tierLabel(user.vipTier) === 'Regular' ? 'secondary' : 'default'}>{tierLabel(user.vipTier)}</Badge>
        {user.vipPendingApproval && <Badge variant="warning">Pending</Badge>}
      </span>
    ),
  },
  {
    header: 'Earnings',
    collapse: true,
    cell: (user) => formatPesosAmount(user.totalEarnings),
    className: 'tabular-nums whitespace-nowrap',
  },
  { header: 'Balance', cell: (user) => <BalanceCell user={user} /> },
  {
    header: 'Status',
    cell: (user) => (
      <Badge variant={STATUS_BADGE[user.accountStatus]} title={user.statusReason ?? undefined}>
        {capitalize(user.accountStatus)}
      </Badge>
    ),
  },
  { header: 'Joined', collapse: true, cell: (user) => formatDate(user.createdAt), className: 'whitespace-nowrap' },
  { header: 'Actions', pinned: true, cell: (user) => <UserActions user={user} /> },
];

interface UsersTableProps {
  filter?: AdminUserFilter;
  /** Server-side search over e-mail, names and id. */
  search?: string;
}

/** The users list of the panel's Users tab and of /admin/users. */
export function UsersTable({ filter, search }: UsersTableProps) {
  const paging = usePaging();
  // A new filter or search starts again at its first page.
  const [query, setQuery] = useState({ filter, search });
  if (query.filter !== filter || query.search !== search) {
    setQuery({ filter, search });
    paging.onPage(1);
  }
  const users = trpc.admin.users.list.useQuery({ filter, search: search || undefined, ...paging.input }, REFRESH.users);

  return (
    <PagedTable
      label="Users"
      columns={COLUMNS}
      rowKey={byId}
      errorText={m.usersLoadFailed}
      empty={search ? 'No users found matching your search' : 'No users found'}
      query={users}
      paging={paging}
    />
  );
}
