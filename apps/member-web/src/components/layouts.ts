import { lazyExport } from '@app/ui';

/**
 * The two layouts a page of the member site sits in, each loaded by the page that shows it: the signed-out
 * landing page loads no code of the members' pages (docs/architecture.md#what-a-page-loads-first).
 */
export const LandingPage = lazyExport(() => import('./landing-page'), 'LandingPage');

/** The shell's code, fetched by the route loader beside the page's so that its rendering does not wait for it. */
export const loadMemberShell = () => import('./member-shell');
export const MemberShell = lazyExport(loadMemberShell, 'MemberShell');
