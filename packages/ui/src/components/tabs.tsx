import { Tabs as TabsPrimitive } from 'radix-ui';
import { withClasses } from '../lib/with-classes';

export const Tabs = TabsPrimitive.Root;

/** Many tabs scroll sideways on narrow screens rather than wrapping into a ragged block. */
export const TabsList = /* @__PURE__ */ withClasses(
  TabsPrimitive.List,
  'inline-flex h-10 max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
);

export const TabsTrigger = /* @__PURE__ */ withClasses(
  TabsPrimitive.Trigger,
  'inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all outline-none',
  'focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
  'hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

export const TabsContent = /* @__PURE__ */ withClasses(
  TabsPrimitive.Content,
  'mt-4 outline-none focus-visible:ring-2 focus-visible:ring-ring',
);
