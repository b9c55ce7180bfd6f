import { createFileRoute } from '@tanstack/react-router';
import { GatedConsole } from '../components/console/admin-console';
import { prefetchPanel } from '../lib/prefetch-panel';

/** Every admin address (docs/screens.md#admin-console): the gate, then the one console around the area. */
export const Route = createFileRoute('/_console')({
  loader: ({ context }) => prefetchPanel(context),
  component: GatedConsole,
});
