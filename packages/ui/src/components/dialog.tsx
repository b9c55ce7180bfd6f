import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, useRef } from 'react';
import { cn } from '../lib/cn';
import { useUiText } from '../lib/ui-text';
import { withClasses } from '../lib/with-classes';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-black/50 motion-safe:data-[state=open]:animate-fade-in', className)}
      {...props}
    />
  );
}

/** The corner X of dialogs and drawers. */
export function DialogCloseButton() {
  const ui = useUiText();
  return (
    <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <X className="size-4" aria-hidden="true" />
      <span className="sr-only">{ui('Close')}</span>
    </DialogPrimitive.Close>
  );
}

type ContentProps = ComponentProps<typeof DialogPrimitive.Content>;

/**
 * Gives the focus back, on close, to the control that had it when the dialog opened. Radix does this only
 * for its own DialogTrigger; most of our dialogs are opened from state (a row's button, a plan card).
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: Pick<ContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'>): Pick<ContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'> {
  const opener = useRef<Element | null>(null);
  return {
    // Runs before the dialog moves the focus inside itself.
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      const control = opener.current;
      // Nothing had the focus (the body), or the control is gone: Radix's own choice stands.
      if (event.defaultPrevented || !(control instanceof HTMLElement) || control === document.body || !control.isConnected) return;
      event.preventDefault();
      control.focus();
    },
  };
}

export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ContentProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        {...returnFocus}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 shadow-lg outline-none',
          'motion-safe:data-[state=open]:animate-zoom-in',
          className,
        )}
        {...props}
      >
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const DialogHeader = /* @__PURE__ */ withClasses('div', 'flex flex-col gap-1.5 text-center sm:text-left');

export const DialogFooter = /* @__PURE__ */ withClasses('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');

export const DialogTitle = /* @__PURE__ */ withClasses(DialogPrimitive.Title, 'text-lg font-semibold leading-none');

export const DialogDescription = /* @__PURE__ */ withClasses(DialogPrimitive.Description, 'text-sm text-muted-foreground');
