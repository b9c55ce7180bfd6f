import { z } from 'zod';

/**
 * zod as every schema of the product gets it: configured before any schema can be made, because each
 * module that makes schemas imports `z` from here (a side-effect import in the package index is not
 * enough: bundlers may split the schema modules into a chunk that runs before the index's own code).
 * The web apps run under a Content-Security-Policy without 'unsafe-eval', and zod probes eval for its
 * compiled fast path whenever an object schema is made (a policy violation in the browser). The fast path
 * is off for every schema, so the same schemas behave alike on the server and in the browser.
 */
z.config({ jitless: true });

export { z };
