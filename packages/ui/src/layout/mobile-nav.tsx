import type { User } from '@app/contracts';
import type { DeferredControlState } from '../components/deferred-control';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '../components/sheet';
import { useUiText } from '../lib/ui-text';
import { SidebarNav } from './sidebar-nav';

interface MobileNavProps extends DeferredControlState {
  user: User | null;
}

/** The menu in a drawer, below the lg breakpoint; AppShell loads it after the first paint. */
export function MobileNav({ user, open, onOpenChange, trigger }: MobileNavProps) {
  const ui = useUiText();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" className="gap-0 p-0">
        <SheetHeader className="border-b">
          <SheetTitle>{ui('Menu')}</SheetTitle>
          <SheetDescription className="sr-only">{ui('Site navigation')}</SheetDescription>
        </SheetHeader>
        <SidebarNav user={user} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
