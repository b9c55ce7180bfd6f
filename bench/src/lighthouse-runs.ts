import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@app/testkit/chromium';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import { chromium } from 'playwright-core';

/**
 * Lighthouse 12 (pinned in bench/package.json; 13 needs Node 22) on the member site's first loads, as
 * issue 37 measures them: mobile mode with Lighthouse's simulated throttling, run by Debian's Chromium. The
 * bench command (lighthouse.ts) and the CI check (tests/system, lighthouse-budget.test.ts) share it.
 */

const PAGES = ['landing', 'dashboard'] as const;
type Page = (typeof PAGES)[number];

/**
 * The network and CPU profiles: Lighthouse's default mobile one (Slow 4G: 150 ms round trip, 1.6 Mbps,
 * 4x slower CPU) and a regular 3G one (300 ms, 700 kbps, 4x CPU), both simulated from one unthrottled load.
 */
const PROFILES = {
  'slow-4g': undefined,
  'regular-3g': {
    rttMs: 300,
    throughputKbps: 700,
    // What Lighthouse's own regular-3G preset derives from the two (only DevTools throttling reads them).
    requestLatencyMs: 300 * 3.75,
    downloadThroughputKbps: 700 * 0.9,
    uploadThroughputKbps: 700 * 0.9,
    cpuSlowdownMultiplier: 4,
  },
} as const;
type Profile = keyof typeof PROFILES;

/** What one page must reach: its score on the default mobile profile, its LCP per profile, its script. */
export interface PageBudget {
  minScore: number;
  maxLcpMs: Record<Profile, number>;
  maxScriptBytes?: number;
}

/** The budgets, each page: the bench command reports against these, and the CI check holds each page to them. */
export const BUDGETS: Record<Page, PageBudget> = {
  landing: { minScore: 95, maxLcpMs: { 'slow-4g': 2_500, 'regular-3g': 4_000 }, maxScriptBytes: 120 * 1024 },
  dashboard: { minScore: 95, maxLcpMs: { 'slow-4g': 2_500, 'regular-3g': 4_000 } },
};

export const BUDGET_TOLERANCE = 0.1;

export interface LighthouseRun {
  page: Page;
  profile: Profile;
  /** The performance score, 0 to 100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  totalBlockingMs: number;
  layoutShift: number;
  scriptBytes: number;
  scriptRequests: number;
}

/** The part of Lighthouse's resource-summary audit read here. */
interface ResourceRow {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

function configFor(profile: Profile): Config {
  const throttling = PROFILES[profile];
  return {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      ...(throttling ? { throttling } : {}),
    },
  };
}

/** A run is made again once when Lighthouse itself failed (a trace now and then misses its navigation start). */
const RUN_ATTEMPTS = 2;

/**
 * Puts the cookies of `cookie` (a Cookie header) into the browser's own jar, as a signed-in member's browser
 * has them. Lighthouse's extra headers would not do: the browser sends them with the page but not with the
 * page's calls (`fetch` with credentials, the event stream), which the server then answered as a visitor's,
 * and the "dashboard" measured was a member signed out halfway through its load. Lighthouse keeps cookies
 * when it resets the origin's storage.
 */
async function signInBrowser(port: number, url: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = cookie.split(';').flatMap((pair) => {
      const [name, ...value] = pair.trim().split('=');
      return name ? [{ name, value: value.join('='), url }] : [];
    });
    await browser.contexts()[0]?.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

/** Lighthouse's report of one load of url, signed in with `cookie` (a Cookie header) when given, in a browser of its own. */
async function audit(url: string, cookie: string | undefined, config: Config) {
  let failure = '';
  for (let attempt = 1; attempt <= RUN_ATTEMPTS; attempt++) {
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
    try {
      if (cookie) await signInBrowser(chrome.port, url, cookie);
      const flags = { port: chrome.port, logLevel: 'error' as const, output: 'json' as const };
      const lhr = (await lighthouse(url, flags, config))?.lhr;
      if (lhr && !lhr.runtimeError) return lhr;
      failure = lhr?.runtimeError?.message ?? 'no report';
    } finally {
      chrome.kill();
    }
  }
  throw new Error(`Lighthouse failed on ${url}${cookie ? ' (signed in)' : ''}: ${failure}`);
}

/**
 * One Lighthouse run per page and profile against the server at baseUrl (or only the pairs `only` accepts),
 * each from an empty cache; the dashboard signed in with the member's session cookie (`memberCookie`, a
 * Cookie header) in the browser's jar.
 */
export async function runLighthouse(
  baseUrl: string,
  memberCookie: string,
  only: (page: Page, profile: Profile) => boolean = () => true,
): Promise<LighthouseRun[]> {
  const runs: LighthouseRun[] = [];
  for (const page of PAGES) {
    for (const profile of Object.keys(PROFILES) as Profile[]) {
      if (!only(page, profile)) continue;
      const lhr = await audit(`${baseUrl}/`, page === 'dashboard' ? memberCookie : undefined, configFor(profile));
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const rows = (lhr.audits['resource-summary']?.details as { items?: ResourceRow[] } | undefined)?.items ?? [];
      const scripts = rows.find((row) => row.resourceType === 'script');
      runs.push({
        page,
        profile,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        totalBlockingMs: value('total-blocking-time'),
        layoutShift: value('cumulative-layout-shift'),
        scriptBytes: scripts?.transferSize ?? 0,
        scriptRequests: scripts?.requestCount ?? 0,
      });
    }
  }
  return runs;
}

/** Each budget a run misses, by more than `tolerance` (0 for the budget itself), in words. */
export function missedBudgets(runs: readonly LighthouseRun[], tolerance = 0): string[] {
  const over = (value: number, budget: number) => value > budget * (1 + tolerance);
  const under = (value: number, budget: number) => value < budget * (1 - tolerance);
  const missed: string[] = [];
  for (const run of runs) {
    const name = `${run.page} (${run.profile})`;
    const budget = BUDGETS[run.page];
    if (run.profile === 'slow-4g' && under(run.score, budget.minScore)) missed.push(`${name}: score ${run.score} < ${budget.minScore}`);
    if (over(run.lcpMs, budget.maxLcpMs[run.profile]))
      missed.push(`${name}: LCP ${Math.round(run.lcpMs)} ms > ${budget.maxLcpMs[run.profile]} ms`);
    if (budget.maxScriptBytes !== undefined && over(run.scriptBytes, budget.maxScriptBytes)) {
      missed.push(`${name}: ${kb(run.scriptBytes)} of script > ${kb(budget.maxScriptBytes)}`);
    }
  }
  return missed;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The runs as a Markdown table. */
export function lighthouseTable(runs: readonly LighthouseRun[]): string {
  return [
    '| page | profile | score | FCP | LCP | TBT | CLS | script transferred |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (run) =>
        `| ${run.page} | ${run.profile} | ${run.score} | ${Math.round(run.fcpMs)} ms | ${Math.round(run.lcpMs)} ms | ${Math.round(run.totalBlockingMs)} ms | ${run.layoutShift.toFixed(3)} | ${kb(run.scriptBytes)} in ${run.scriptRequests} files |`,
    ),
  ].join('\n');
}
