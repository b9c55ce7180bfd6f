import { trpc } from '@app/client';
import { type AdminTransaction, capitalize, titleCase } from '@app/contracts';
import { Badge, DateAndTime, formatPesosAmount } from '@app/ui';
import { REFRESH } from '../../lib/refresh';
import { byId, type Column, EmailOverId, idColumn, ShortId } from '../shared/admin-table';
import { PagedTable, usePaging } from '../shared/paged-table';

const COLUMNS: readonly Column<AdminTransaction>[] = [
  // A laptop's width goes to who, when and how much; the row's own id shows from 1440 px.
  idColumn('Transaction ID', (row) => row.id),
  { header: 'Date', cell: (row) => <DateAndTime iso={row.createdAt} timeBelow="always" />, className: 'whitespace-nowrap' },
  {
    // The member by e-mail, which an admin can tell apart at a glance, over the id the spec's column names.
    header: 'User ID',
    cell: (row) => (
      <EmailOverId email={row.userEmail}>
        <ShortId id={row.userId} />
      </EmailOverId>
    ),
  },
  { header: 'Type', cell: (row) => <Badge variant="outline">{titleCase(row.type)}</Badge> },
  { header: 'Description', main: true, cell: (row) => row.description },
  {
    header: 'Reference',
    collapse: true,
    cell: (row) => <span className="break-all font-mono text-xs">{row.transactionReference ?? '—'}</span>,
  },
  { header: 'Amount', cell: (row) => formatPesosAmount(row.amount), className: 'tabular-nums whitespace-nowrap font-medium' },
  { header: 'Status', collapse: true, cell: (row) => capitalize(row.status) },
];

/** The whole ledger, newest first, a page at a time (the panel's Transactions tab). */
export function TransactionsTable() {
  const paging = usePaging();
  const transactions = trpc.admin.transactions.useQuery(paging.input, REFRESH.transactions);
  return (
    <PagedTable label="Transactions" columns={COLUMNS} rowKey={byId} empty="No transactions found" query={transactions} paging={paging} />
  );
}
