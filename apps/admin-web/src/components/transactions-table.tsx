import { ADMIN_PAGE_SIZE, type AdminTransaction, capitalize, formatDateTime, titleCase } from '@app/contracts';
import { Badge, formatPesosAmount, trpc } from '@app/ui';
import { useState } from 'react';
import { shortId } from '../lib/labels';
import { REFRESH } from '../lib/refresh';
import { AdminTable, type Column, Pager } from './admin-table';

const COLUMNS: readonly Column<AdminTransaction>[] = [
  {
    header: 'Transaction ID',
    cell: (row) => (
      <span title={row.id} className="font-mono text-xs">
        {shortId(row.id)}
      </span>
    ),
  },
  { header: 'Date', cell: (row) => formatDateTime(row.createdAt), className: 'whitespace-nowrap' },
  {
    header: 'User ID',
    cell: (row) => (
      <span title={`${row.userId} (${row.userEmail})`} className="font-mono text-xs">
        {shortId(row.userId)}
      </span>
    ),
  },
  { header: 'Type', cell: (row) => <Badge variant="outline">{titleCase(row.type)}</Badge> },
  { header: 'Description', cell: (row) => row.description },
  { header: 'Reference', cell: (row) => <span className="font-mono text-xs">{row.transactionReference ?? '—'}</span> },
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
      empty="No transactions found"
      footer={<Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={transactions.data?.total} onPage={setPage} />}
    />
  );
}
