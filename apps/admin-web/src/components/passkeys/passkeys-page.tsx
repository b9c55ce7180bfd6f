import { PasskeysPanel } from '@app/client/passkeys-panel';
import { staffMessages } from '@app/contracts';
import { PageHeader, SectionCard } from '@app/ui';

/** /admin/passkeys: the admin's own passkeys, which money decisions ask for (docs/screens.md#admin-screens). */
export function PasskeysPage() {
  return (
    <>
      <PageHeader
        title={staffMessages.passkeys.title}
        description="Your own passkeys: each confirms money decisions made from your account."
      />
      <SectionCard title="Your passkeys" description="Other admins have their own; nobody else can use or remove yours.">
        <PasskeysPanel owner="admin" />
      </SectionCard>
    </>
  );
}
