import { trpc } from '@app/client';
import { ADMIN_PAGE_SIZE, type AdminTransaction, capitalize, titleCase } from '@app/contracts';
import { Badge, DateAndTime, formatPesosAmount, Pager } from '@app/ui';
import { useState } from 'react';
import { REFRESH } from '../lib/refresh';
import { AdminTable, type Column, ShortId } from './admin-table';

const COLUMNS: readonly Column<AdminTransaction>[] = [
  {
    header: 'Transaction ID',
    cell: (row) => <ShortId id={row.id} />,
    // A laptop's width goes to who, when and how much; the row's own id shows from 1280 px.
    wideOnly: true,
  },
  { header: 'Date', cell: (row) => <DateAndTime iso={row.createdAt} timeBelow="always" />, className: 'whitespace-nowrap' },
  {
    // The member by e-mail, which an admin can tell apart at a glance, over the id the spec's column names.
    header: 'User ID',
    cell: (row) => (
      <span className="grid gap-0.5">
        <span className="break-all">{row.userEmail}</span>
        <ShortId id={row.userId} />
      </span>
    ),
  },
  { header: 'Type', cell: (row) => <Badge variant="outline">{titleCase(row.type)}</Badge> },
  { header: 'Description', cell: (row) => row.description },
  { header: 'Reference', cell: (row) => <span className="break-all font-mono text-xs">{row.transactionReference ?? '—'}</span> },
  { header: 'Amount', cell: (row) => formatPesosAmount(row.amount), className: 'tabular-nums whitespace-nowrap font-medium' },
  { header: 'Status', cell: (row) => capitalize(row.status) },
];

/** The whole ledger, newest first, a page at a time (the panel's Transactions tab). */
export function TransactionsTable() {
  const [page, setPage] = useState(1);
  const transactions = trpc.admin.transactions.useQuery({ page, pageSize: ADMIN_PAGE_SIZE }, REFRESH.transactions);
  return (
    <AdminTable
      label="Transactions"
      columns={COLUMNS}
      rows={transactions.data?.items}
      rowKey={(row) => row.id}
      isPending={transactions.isPending}
      isError={transactions.isError}
      onRetry={() => void transactions.refetch()}
      empty="No transactions found"
      footer={<Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={transactions.data?.total} onPage={setPage} />}
    />
  );
}
