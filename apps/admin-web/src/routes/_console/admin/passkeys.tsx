import { createFileRoute } from '@tanstack/react-router';
import { PasskeysPage } from '../../../components/passkeys/passkeys-page';

export const Route = createFileRoute('/_console/admin/passkeys')({
  component: PasskeysPage,
});
