import { createFileRoute } from '@tanstack/react-router';
import { PopupsPage } from '../../../components/popups-page';

export const Route = createFileRoute('/admin/_pages/popups')({
  component: PopupsPage,
});
