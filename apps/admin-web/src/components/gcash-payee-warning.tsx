import { trpc } from '@app/client';
import { staffMessages } from '@app/contracts';
import { Alert, AlertDescription } from '@app/ui';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Warns on the overview while members cannot pay by G-CASH; says nothing until the settings are known.
 * `action` takes the admin to where the payee is set.
 */
export function GcashPayeeWarning({ action }: { action: ReactNode }) {
  const settings = trpc.admin.maintenance.settings.useQuery();
  if (!settings.data || (settings.data.gcashNumber && settings.data.gcashName)) return null;
  return (
    <Alert variant="warning" role="alert" className="lg:col-span-2">
      <TriangleAlert aria-hidden="true" />
      <AlertDescription className="grid gap-2 justify-items-start">
        <p>{staffMessages.admin.screens.gcashPayeeMissing}</p>
        {action}
      </AlertDescription>
    </Alert>
  );
}
