import { createFileRoute } from '@tanstack/react-router';
import { RiskPage } from '../../../components/risk/risk-page';

export const Route = createFileRoute('/_console/admin/risk')({
  component: RiskPage,
});
