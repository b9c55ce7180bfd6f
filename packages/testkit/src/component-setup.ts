import { configure } from '@testing-library/react';

/**
 * Component tests wait for what the user waits for (a toast, a refreshed list). Testing Library's default
 * of one second fails them on a busy two-core CI machine while the app is right; a long wait does not slow a
 * passing test, which stops waiting as soon as the text shows. Ten seconds: a page's first visit in a file
 * waits for Vite to transform its route's code, which took more than five with CI's other suites beside it
 * (the payouts page of payout-trust.test.tsx and session-ended.test.tsx, in two runs of 2026-11-30).
 */
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out and has no scrollIntoView; a page that scrolls a list into view calls it.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
