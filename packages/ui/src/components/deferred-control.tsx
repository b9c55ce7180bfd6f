import { cloneElement, type MouseEvent, type ReactElement, type ReactNode, Suspense, useState } from 'react';

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
  /** The control around the button, from a `lazy()` component: a Radix menu, drawer or dialog. */
  children: (state: DeferredControlState) => ReactNode;
  /** Told each time the control opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A menu, drawer or dialog whose code (Radix's, mostly) loads after the first paint. Until it has, the
 * same button stands in, so nothing moves when it arrives; a press on the stand-in opens the control as
 * soon as it is there, so no press is lost.
 */
export function DeferredControl({ button, children, onOpenChange }: DeferredControlProps) {
  const [open, setOpen] = useState(false);
  function changeOpen(next: boolean) {
    setOpen(next);
    onOpenChange?.(next);
  }
  return (
    <Suspense fallback={cloneElement(button, { onClick: () => changeOpen(true) })}>
      {children({ open, onOpenChange: changeOpen, trigger: button })}
    </Suspense>
  );
}
