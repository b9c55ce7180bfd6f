import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '../../../components/vip/vip-pages';

export const Route = createFileRoute('/_console/admin/plans')({
  component: PlansPage,
});
