import { PageHeader } from '@app/ui';
import { LogsTable } from './logs-table';

/** /admin/logs: every change an admin made. */
export function LogsPage() {
  return (
    <>
      <PageHeader title="Activity Logs" description="Every change an admin made, newest first." />
      <LogsTable />
    </>
  );
}
