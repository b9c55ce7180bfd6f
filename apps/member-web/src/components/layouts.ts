import { lazyExport } from '@app/ui';

/**
 * The two layouts a page of the member site sits in, each loaded by the page that shows it: the signed-out
 * landing page loads no code of the members' pages (docs/architecture.md#what-a-page-loads-first).
 */
export const LandingPage = lazyExport(() => import('./landing-page'), 'LandingPage');

/** The shell, whose code the route loader fetches beside the page's (MemberShell.preload) so that the page renders with it. */
export const MemberShell = lazyExport(() => import('./member-shell'), 'MemberShell');
