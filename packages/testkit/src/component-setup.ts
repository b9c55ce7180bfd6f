import { configure } from '@testing-library/react';

/**
 * Component tests wait for what the user waits for (a toast, a refreshed list). Testing Library's default
 * of one second fails them on a busy two-core CI machine while the app is right; five seconds does not
 * slow a passing test, which stops waiting as soon as the text shows.
 */
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out and has no scrollIntoView; a page that scrolls a list into view calls it.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
