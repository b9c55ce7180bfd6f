import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders an app's root into its index.html's #root element: the one start of each of the three apps. The
 * first render is a transition, which React renders in slices that yield to the browser between them: on a
 * slow phone the page answers taps while the app renders, rather than after one long task
 * (docs/architecture.md#what-a-page-loads-first).
 */
export function mountApp(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
}
