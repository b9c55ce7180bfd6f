import { CHROMIUM_PATH, launchChromium } from '@app/testkit/chromium';
import { contextSender, signInThroughDevLogin, signInUnlockedAdmin } from '@app/testkit/requests';
import type { Browser, BrowserContext } from 'playwright-core';

/** The demo data's member (DEMO_DATA=true), whose dashboard has tasks, balances and history to show. */
const DEMO_MEMBER_EMAIL = 'member@example.com';

export interface LcpOptions {
  /** Loads of each kind; the median is reported. */
  loads?: number;
  email?: string;
  chromiumPath?: string;
}

export interface LcpResult {
  /** The median Largest Contentful Paint of cold loads (empty cache), in milliseconds from navigation. */
  lcpMs: number;
  /** The median of warm loads: a fresh page in a context that has loaded the dashboard once. */
  warmLcpMs: number;
  coldLoadsMs: number[];
  warmLoadsMs: number[];
  /** What the largest paint was on the last load, e.g. `H1 "Welcome back, Maria"`. */
  element: string;
}

interface LcpEntry {
  ms: number;
  element: string;
}

/** The part of the page's LargestContentfulPaint entry read here. */
interface LcpEntryInPage {
  startTime: number;
  element: { tagName: string; textContent: string | null } | null;
}

/** Node's typing of observe() knows only Node's entry types; the page's observer takes the browser's. */
type BrowserObserveOptions = Parameters<InstanceType<typeof PerformanceObserver>['observe']>[0];

/** How long a settled page may take to report its largest paint before the measurement gives up. */
const LCP_TIMEOUT_MS = 5_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A browser context signed in as the member through the development sign-in (its cookie, no page load). */
async function signedInContext(browser: Browser, baseUrl: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await signInThroughDevLogin(contextSender(context.request, baseUrl), email);
  return context;
}

/**
 * Opens the dashboard in a new page of the context, waits until the network is quiet (the page has
 * settled), then reads the last largest-contentful-paint entry the page recorded.
 */
async function loadDashboard(context: BrowserContext, baseUrl: string): Promise<LcpEntry> {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    return await page.evaluate(
      (timeoutMs) =>
        new Promise<LcpEntry>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('The page reported no largest-contentful-paint')), timeoutMs);
          new PerformanceObserver((list) => {
            // A LargestContentfulPaint entry; bench compiles without the DOM library, hence the shape here.
            const last = list.getEntries().at(-1) as unknown as LcpEntryInPage | undefined;
            if (!last) return;
            clearTimeout(timer);
            const text = last.element?.textContent?.trim().slice(0, 60) ?? '';
            resolve({ ms: last.startTime, element: `${last.element?.tagName ?? '(removed)'} "${text}"` });
          }).observe({ type: 'largest-contentful-paint', buffered: true } as unknown as BrowserObserveOptions);
        }),
      LCP_TIMEOUT_MS,
    );
  } finally {
    await page.close();
  }
}

/**
 * The member dashboard's Largest Contentful Paint in Chromium against a running server with demo data.
 * Cold loads each get a new context (empty cache, new sign-in); warm loads reuse one context whose cache
 * the first load filled, each in a fresh page.
 */
export async function measureDashboardLcp(baseUrl: string, options: LcpOptions = {}): Promise<LcpResult> {
  const { loads = 5, email = DEMO_MEMBER_EMAIL, chromiumPath = CHROMIUM_PATH } = options;
  const browser = await launchChromium(chromiumPath);
  try {
    const cold: LcpEntry[] = [];
    for (let load = 0; load < loads; load++) {
      const context = await signedInContext(browser, baseUrl, email);
      cold.push(await loadDashboard(context, baseUrl));
      await context.close();
    }

    const warmContext = await signedInContext(browser, baseUrl, email);
    await loadDashboard(warmContext, baseUrl);
    const warm: LcpEntry[] = [];
    for (let load = 0; load < loads; load++) warm.push(await loadDashboard(warmContext, baseUrl));
    await warmContext.close();

    const coldLoadsMs = cold.map((entry) => entry.ms);
    const warmLoadsMs = warm.map((entry) => entry.ms);
    return {
      lcpMs: median(coldLoadsMs),
      warmLcpMs: median(warmLoadsMs),
      coldLoadsMs,
      warmLoadsMs,
      element: warm.at(-1)?.element ?? cold.at(-1)?.element ?? '',
    };
  } finally {
    await browser.close();
  }
}

export interface AdminPanelOptions {
  email: string;
  panelPassword: string;
  loads?: number;
  chromiumPath?: string;
}

/**
 * How long the admin panel takes, cold (a new context each load: empty cache), from navigation until its
 * first tab shows its data (the tab list is there and no loading skeleton is left in the panel): the
 * moment an admin can act. The session is signed in and unlocked through the API first.
 */
export async function measureAdminPanelReady(
  baseUrl: string,
  options: AdminPanelOptions,
): Promise<{ medianMs: number; loadsMs: number[] }> {
  const { loads = 5, chromiumPath = CHROMIUM_PATH } = options;
  const browser = await launchChromium(chromiumPath);
  try {
    const loadsMs: number[] = [];
    for (let load = 0; load < loads; load++) {
      const context = await browser.newContext();
      await signInUnlockedAdmin(contextSender(context.request, baseUrl), options.email, options.panelPassword);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${baseUrl}/admin-portal`);
      await page.getByRole('tablist', { name: 'Admin sections' }).waitFor();
      // A function, not a string: the panel's Content-Security-Policy refuses eval. bench compiles without
      // the DOM library, hence the page's document reached through globalThis.
      await page.waitForFunction(() => {
        type Element = { textContent: string | null; querySelector(selector: string): Element | null };
        const { document } = globalThis as unknown as { document: Element };
        const panel = document.querySelector('[role=tabpanel]');
        return panel !== null && panel.querySelector('.animate-pulse') === null && (panel.textContent ?? '').trim() !== '';
      });
      loadsMs.push(Date.now() - started);
      await context.close();
    }
    return { medianMs: median(loadsMs), loadsMs };
  } finally {
    await browser.close();
  }
}
