import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureInitialJs } from '../initial-js';

const KB = 1024;

/** The budgets for each app's initial JavaScript (gzip), with the base its pages are served under. */
const BUDGETS = [
  { app: 'member-web', base: '/', budgetBytes: 150 * KB },
  { app: 'admin-web', base: '/admin/', budgetBytes: 200 * KB },
  { app: 'commission-web', base: '/admin/percentage/', budgetBytes: 100 * KB },
] as const;

const distOf = (app: string) => fileURLToPath(new URL(`../../../apps/${app}/dist`, import.meta.url));

describe('initial JavaScript of each built app', () => {
  it.each(BUDGETS)('$app stays within its gzip budget', ({ app, base, budgetBytes }) => {
    const initial = measureInitialJs(distOf(app), base);
    const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
    console.log(
      [
        `${app}: ${kb(initial.gzipBytes)} gzip initial JS (budget ${kb(budgetBytes)})`,
        ...initial.files.map(({ file, gzipBytes }) => `  ${kb(gzipBytes).padStart(9)}  ${file}`),
      ].join('\n'),
    );
    expect(initial.gzipBytes, `${app} initial JS over budget`).toBeLessThanOrEqual(budgetBytes);
  });
});
