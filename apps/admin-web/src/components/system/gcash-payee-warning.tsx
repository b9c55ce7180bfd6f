import { trpc } from '@app/client';
import { isDemoGcashPayee, staffMessages } from '@app/contracts';
import { Alert, AlertDescription } from '@app/ui';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Warns on the overview while members cannot pay by G-CASH, or would pay the demo data's payee; says nothing
 * until the settings are known. `action` takes the admin to where the payee is set.
 */
export function GcashPayeeWarning({ action }: { action: ReactNode }) {
  const settings = trpc.admin.maintenance.settings.useQuery();
  if (!settings.data) return null;
  const demo = isDemoGcashPayee(settings.data);
  if (settings.data.gcashNumber && settings.data.gcashName && !demo) return null;
  return (
    <Alert variant="warning" role="alert" className="lg:col-span-2">
      <TriangleAlert aria-hidden="true" />
      <AlertDescription className="grid gap-2 justify-items-start">
        <p>{demo ? staffMessages.admin.screens.gcashPayeeDemo : staffMessages.admin.screens.gcashPayeeMissing}</p>
        {action}
      </AlertDescription>
    </Alert>
  );
}
