import { PageHeader } from '@app/ui';
import { SupportInbox } from './support-inbox';

/** /admin/support: members' questions, newest activity first. */
export function SupportPage() {
  return (
    <>
      <PageHeader title="Support Inbox" description="Members' questions, newest activity first." />
      <SupportInbox />
    </>
  );
}
