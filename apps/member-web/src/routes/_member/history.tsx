import { StatementDownload, trpc } from '@app/client';
import { MEMBER_PAGE_SIZE, messages } from '@app/contracts';
import { Card, PageHeader, Pager } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { TransactionTable } from '../../components/earning/transaction-table';
import { inLanguage, translate } from '../../lib/language';
import { listQuery, prefetchFirstPage, useMemberPage } from '../../lib/member-list';

/** The server's CSV statement with the running balance; a plain download, not a page of this app. */
const STATEMENT_HREF = '/api/transactions/statement.csv';

export const Route = createFileRoute('/_member/history')({
  loader: prefetchFirstPage((trpc) => trpc.transactions.list),
  component: HistoryPage,
});

function HistoryPage() {
  const { page, setPage, input, options } = useMemberPage();
  const transactions = listQuery(trpc.transactions.list.useQuery(input, options));
  return (
    <>
      <PageHeader
        title={translate('history.title')}
        description={translate('history.description')}
        actions={<StatementDownload href={STATEMENT_HREF} session="site" />}
      />
      <Card className="p-2">
        <TransactionTable
          transactions={transactions}
          emptyText={inLanguage(messages.transactions.emptyHistory)}
          label={translate('history.label')}
          loadingRows={6}
        />
        <Pager page={page} pageSize={MEMBER_PAGE_SIZE} total={transactions.total} onPage={setPage} />
      </Card>
    </>
  );
}
