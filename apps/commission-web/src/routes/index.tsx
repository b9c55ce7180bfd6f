import { LoadingScreen, useOperatorSession } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { CommissionDashboard } from '../components/commission-dashboard';
import { OperatorLogin } from '../components/operator-login';

export const Route = createFileRoute('/')({
  component: CommissionHome,
});

/** Checking, then the login form or the dashboard (spec/admin.md section 4, commission dashboard). */
function CommissionHome() {
  const { operator, isChecking } = useOperatorSession();
  if (isChecking) return <LoadingScreen label="Checking your session..." className="min-h-dvh" />;
  if (!operator) return <OperatorLogin />;
  return <CommissionDashboard username={operator.username} />;
}
