import { PageHeader } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { SupportInbox } from '../../../components/support-inbox';

export const Route = createFileRoute('/admin/_pages/support')({
  component: () => (
    <>
      <PageHeader title="Support Inbox" description="Members' questions, newest activity first." />
      <SupportInbox />
    </>
  ),
});
