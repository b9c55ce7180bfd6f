import { createFileRoute } from '@tanstack/react-router';
import { VipApprovalsPage } from '../../../components/vip/vip-pages';

export const Route = createFileRoute('/_console/admin/vip')({
  component: VipApprovalsPage,
});
