import { createStepUp, TrpcProvider, useOperatorSession } from '@app/client';
import { LoadingScreen, lazyExport } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { CommissionDashboard } from '../components/commission-dashboard';

/** The login form (with react-hook-form and zod) loads only for an operator who is not signed in. */
const OperatorLogin = lazyExport(() => import('../components/operator-login'), 'OperatorLogin');

export const Route = createFileRoute('/')({
  component: CommissionPage,
});

/** The operator's payout request asks for its passkey once it has one (docs/architecture.md#passkeys-and-the-step-up). */
const stepUp = createStepUp('operator');

/** The app's one page brings the data layer with it (see app.tsx). */
function CommissionPage() {
  return (
    <TrpcProvider stepUp={stepUp}>
      <CommissionHome />
    </TrpcProvider>
  );
}

/** Checking, then the login form or the dashboard (docs/screens.md#states, commission dashboard). */
function CommissionHome() {
  const { operator, isChecking } = useOperatorSession();
  const checking = <LoadingScreen label="Checking your session..." className="min-h-dvh" />;
  if (isChecking) return checking;
  if (!operator) {
    return (
      <Suspense fallback={checking}>
        <OperatorLogin />
      </Suspense>
    );
  }
  return <CommissionDashboard username={operator.username} />;
}
