import { useCurrentUser } from '@app/client';
import { CHAT_WINDOW_SIZE, VISITOR_PAGES } from '@app/contracts';
import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { isKnownSignedOut } from '../components/earning/member-data';
import { LandingPage, MemberShell } from '../components/layouts';

export const Route = createFileRoute('/_member')({
  // The shell's own data (the bell, the chat's unread count, the admins' popups) goes out with the user and
  // the page's data in one batched request, not after the shell's code has loaded; on the pages visitors
  // see too, only once someone is known to be signed in, as a visitor's calls would be refused. The page
  // waits for the shell's code, which it cannot show without, and then renders in one pass.
  loader: async ({ context, location }) => {
    if (!isKnownSignedOut(context) && !VISITOR_PAGES.has(location.pathname)) {
      void context.trpc.notifications.list.prefetch();
      void context.trpc.popups.active.prefetch();
      void context.trpc.support.messages.prefetchInfinite({ limit: CHAT_WINDOW_SIZE });
    }
    await MemberShell.preload();
  },
  component: MemberLayout,
});

function MemberLayout() {
  const { user } = useCurrentUser();
  const pathname = useLocation({ select: (location) => location.pathname });
  if (!user && !VISITOR_PAGES.has(pathname)) return <LandingPage />;
  return (
    <MemberShell user={user}>
      <Outlet />
    </MemberShell>
  );
}
