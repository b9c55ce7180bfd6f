import { useCurrentUser } from '@app/client';
import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { LandingPage } from '../components/landing-page';
import { MemberShell } from '../components/member-shell';

/** Pages a signed-out visitor may see inside the layout (docs/screens.md#member-screens, route table). */
const OPEN_TO_VISITORS = new Set(['/tasks', '/about', '/privacy', '/terms', '/help']);

export const Route = createFileRoute('/_member')({
  component: MemberLayout,
});

function MemberLayout() {
  const { user } = useCurrentUser();
  const pathname = useLocation({ select: (location) => location.pathname });
  if (!user && !OPEN_TO_VISITORS.has(pathname)) return <LandingPage />;
  return (
    <MemberShell user={user}>
      <Outlet />
    </MemberShell>
  );
}
