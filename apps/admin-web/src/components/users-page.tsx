import { ADMIN_USER_FILTERS, type AdminUserFilter, capitalize } from '@app/contracts';
import { Button, Input, PageHeader, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@app/ui';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
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
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(text.trim());
  }

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
        {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is still unknown to some browsers and test DOMs. */}
        <form role="search" onSubmit={submit} className="flex flex-1 gap-2">
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Email, name or id"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="flex-1"
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
      </div>
      <UsersTable filter={filter} search={search} />
    </>
  );
}
