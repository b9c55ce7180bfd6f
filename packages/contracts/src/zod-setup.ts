import { z } from 'zod';

/**
 * The web apps run under a Content-Security-Policy without 'unsafe-eval', and zod probes eval for its
 * compiled fast path whenever an object schema is made (a policy violation in the browser). The fast path
 * is off for every schema, so the same schemas behave alike on the server and in the browser. Imported
 * first by the package's index, before any schema exists.
 */
z.config({ jitless: true });
