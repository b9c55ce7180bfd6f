import { cloneElement, type MouseEvent, type ReactElement, type ReactNode, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle';

/** What a lazily loaded menu, drawer or dialog gets from <DeferredControl>. */
export interface DeferredControlState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the control: its trigger, which gets the focus back when it closes. */
  trigger: ReactElement;
}

interface DeferredControlProps {
  /** The button that opens the control, shown at once. */
  button: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  /** Loads the control's code (a `lazyExport`'s `preload`), called once the browser is idle after the first render. */
  preload: () => Promise<void>;
  /** The control around the button, from a `lazy()` component: a Radix menu, drawer or dialog. */
  children: (state: DeferredControlState) => ReactNode;
  /** Told each time the control opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A menu, drawer or dialog whose code (Radix's, mostly) loads after the first paint, and which is rendered
 * from the first press of its button on: until then the same button stands in, so nothing moves, and a page
 * with several (a dashboard's header menus and each transaction's proof) does not render and commit the
 * controls of them all, closed, while a slow phone is still starting the page. A press before the code has
 * arrived opens the control as soon as it is there, so no press is lost.
 */
export function DeferredControl({ button, preload, children, onOpenChange }: DeferredControlProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  // When the browser is idle: in the first render's effects, the code's preload links were a third of a long
  // task. A failed load is the press's to show (the lazy component throws it to its error boundary).
  useEffect(() => whenIdle(() => void preload().catch(() => undefined)).cancel, [preload]);
  function changeOpen(next: boolean) {
    setUsed(true);
    setOpen(next);
    onOpenChange?.(next);
  }
  const standIn = cloneElement(button, { onClick: () => changeOpen(true) });
  if (!used) return standIn;
  return <Suspense fallback={standIn}>{children({ open, onOpenChange: changeOpen, trigger: button })}</Suspense>;
}
