import { PageHeader } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { LogsTable } from '../../../components/logs-table';

export const Route = createFileRoute('/admin/_pages/logs')({
  component: () => (
    <>
      <PageHeader title="Activity Logs" description="Every change an admin made, newest first." />
      <LogsTable />
    </>
  ),
});
