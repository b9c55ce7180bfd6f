import { createFileRoute } from '@tanstack/react-router';
import { CommissionPage } from '../../../components/commission/commission-page';

export const Route = createFileRoute('/_console/admin/commission')({
  component: CommissionPage,
});
