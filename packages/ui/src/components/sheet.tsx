import { cva, type VariantProps } from 'class-variance-authority';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { withClasses } from '../lib/with-classes';
import { DialogCloseButton, DialogOverlay, useReturnFocus } from './dialog';

/** A drawer: a dialog that slides in from an edge of the screen. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;

const sheetVariants = cva('fixed z-50 flex flex-col gap-4 bg-card shadow-lg outline-none', {
  variants: {
    side: {
      left: 'inset-y-0 left-0 h-full w-3/4 max-w-xs border-r motion-safe:data-[state=open]:animate-slide-in-left',
      right: 'inset-y-0 right-0 h-full w-3/4 max-w-xs border-l motion-safe:data-[state=open]:animate-slide-in-right',
    },
  },
  defaultVariants: { side: 'left' },
});

export function SheetContent({
  side,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & VariantProps<typeof sheetVariants>) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(sheetVariants({ side }), className)} {...returnFocus} {...props}>
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const SheetHeader = /* @__PURE__ */ withClasses('div', 'flex flex-col gap-1.5 p-4');

export const SheetTitle = /* @__PURE__ */ withClasses(DialogPrimitive.Title, 'text-base font-semibold');

export const SheetDescription = /* @__PURE__ */ withClasses(DialogPrimitive.Description, 'text-sm text-muted-foreground');
