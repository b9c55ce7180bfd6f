import { ShellFrame, Skeleton } from '@app/ui';
import { FIRST_PAINT_ID } from '../lib/first-paint';

/**
 * What index.html paints before the member app's script has run: the signed-in layout's header and logo,
 * and skeletons where the sidebar and the page will be (the dashboard's title, figures and tasks). Built to static
 * markup at build time; the app replaces it (src/lib/first-paint.ts).
 */
export function StaticShell() {
  return (
    <div id={FIRST_PAINT_ID} className="flex min-h-dvh flex-col" aria-busy="true">
      <ShellFrame
        menuButton={<Skeleton className="size-9 lg:hidden" />}
        headerEnd={
          <>
            <Skeleton className="size-9 rounded-full" />
            <Skeleton className="size-9 rounded-full" />
          </>
        }
        sidebar={
          <div className="grid gap-2 p-4">
            {SIDEBAR_ITEMS.map((item) => (
              <Skeleton key={item} className="h-9" />
            ))}
          </div>
        }
      >
        <main className="mx-auto grid w-full max-w-6xl flex-1 grid-cols-[minmax(0,1fr)] content-start gap-6 px-4 py-6 sm:px-6 sm:py-8">
          <PageHeaderSkeleton />
          <FiguresSkeleton />
          <TasksSkeleton />
        </main>
      </ShellFrame>
    </div>
  );
}

/**
 * The page's title and description while they load. On the dashboard the server puts the member's own
 * greeting in its place (apps/server/src/web/first-paint.ts), which finds it by this markup.
 */
export function PageHeaderSkeleton() {
  return (
    <div className="grid gap-2">
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-5 w-80 max-w-full" />
    </div>
  );
}

/**
 * Where the dashboard's figures will be. On the dashboard the server puts the member's own figures in its place
 * (apps/server/src/web/first-paint.ts), which finds it by this markup.
 */
export function FiguresSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {STAT_CARDS.map((card) => (
        <Skeleton key={card} className="h-28 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * Where the dashboard's tasks will be. On the dashboard the server puts the member's first tasks in its place
 * (apps/server/src/web/first-paint.ts), which finds it by this markup.
 */
export function TasksSkeleton() {
  return <Skeleton className="h-40 rounded-xl" />;
}

const SIDEBAR_ITEMS = ['dashboard', 'tasks', 'history', 'payouts', 'referrals', 'vip', 'profile'];
const STAT_CARDS = ['earnings', 'completed', 'balance', 'paid-out'];
