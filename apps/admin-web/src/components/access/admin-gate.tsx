import { useCurrentUser } from '@app/client';
import { Button, GateCard, LoadingScreen, lazyExport, useSignInHref } from '@app/ui';
import { LogIn, ShieldX } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { ReturnToDashboard } from './return-to-dashboard';

/** The password form (react-hook-form, zod) loads only for an admin whose panel is locked. */
const AdminUnlockForm = lazyExport(() => import('./admin-unlock-form'), 'AdminUnlockForm');

interface AdminGateProps {
  /** The refusal a signed-in member reads: the panel and the other admin pages word it differently. */
  deniedMessage: string;
  children: ReactNode;
}

/**
 * The access states of the admin area (docs/screens.md#admin-screens, combined panel): sign in, refused for
 * members, the panel password for a locked admin, then the page. The root route has already waited
 * for the user ("Loading...").
 */
export function AdminGate({ deniedMessage, children }: AdminGateProps) {
  const signIn = useSignInHref();
  const { user } = useCurrentUser();
  if (!user) {
    return (
      <GateCard
        standalone
        icon={LogIn}
        title="Sign in required"
        description="Sign in with an administrator account to open the admin area."
      >
        <Button asChild>
          <a href={signIn}>Sign In</a>
        </Button>
      </GateCard>
    );
  }
  if (!user.isAdmin) {
    return (
      <GateCard standalone icon={ShieldX} tone="destructive" title="Access Denied" description={deniedMessage}>
        <ReturnToDashboard />
      </GateCard>
    );
  }
  if (!user.adminUnlocked) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AdminUnlockForm />
      </Suspense>
    );
  }
  return children;
}
