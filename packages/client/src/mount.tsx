import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders an app's root into its index.html's #root element: the one start of each of the three apps. */
export function mountApp(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
}
