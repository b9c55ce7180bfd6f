import { type ReactNode, StrictMode, startTransition } from 'react';

/**
 * Renders an app's root into its index.html's #root element: the one start of each of the three apps. React
 * DOM (about 200 KB) is imported here rather than with the app's first chunk, so that its evaluation is a task
 * of its own instead of nearly half of the first chunk's (the page preloads it: tooling/vite.ts). The first render
 * is a transition, which React renders in slices that yield to the browser between them: on a slow phone the
 * page answers taps while the app renders, rather than after one long task
 * (docs/architecture.md#what-a-page-loads-first).
 */
export async function mountApp(app: ReactNode): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const { createRoot } = await import('react-dom/client');
  const root = createRoot(container);
  startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
}
