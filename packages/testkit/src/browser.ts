import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium, launchChromiumProfile } from './chromium';

/** The types of what this module hands out, for the suites that drive Chromium through it (tests/system too). */
export type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';

const ARTIFACTS_DIR = fileURLToPath(new URL('../../../test-artifacts/e2e/', import.meta.url));

/** Content-Security-Policy violations the pages reported and no test has taken yet. */
const cspViolations: string[] = [];
const CSP_REPORT = 'Content-Security-Policy violation:';

/** The violations reported since the last call. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Every flow is also a check of the policy: a violation anywhere fails the test it happened in. */
function failOnCspViolations() {
  const reported = takeCspViolations();
  if (reported.length) throw new Error(`The page broke the Content-Security-Policy:\n${reported.join('\n')}`);
}
afterEach(failOnCspViolations);
afterAll(failOnCspViolations);

/**
 * Collects a context's CSP violations: the page's own securitypolicyviolation events (which name what
 * was blocked) and Chromium's console errors about the policy.
 */
async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, CSP_REPORT);
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && (text.startsWith(CSP_REPORT) || text.includes('Content Security Policy'))) {
      cspViolations.push(`${message.page()?.url() ?? 'a page'}: ${text}`);
    }
  });
}

let clientCount = 0;
/**
 * Each browser context is another person on another network: the server trusts one proxy hop
 * (TRUST_PROXY=1 in the global setup), so this address is the one it limits and records. Otherwise the
 * whole suite would share 127.0.0.1 and its sign-in limit.
 */
function nextClientAddress(): string {
  clientCount += 1;
  return `10.${process.pid % 256}.${(clientCount >> 8) % 256}.${clientCount % 256}`;
}

/**
 * Chromium as `launchChromium` starts it. Every context it
 * makes (browser.newPage makes one too) reports Content-Security-Policy violations to the running test
 * and comes from its own client address. Its pages register no service worker unless the context is
 * made with `serviceWorkers: 'allow'` (tests/e2e/test/installable.test.ts): member-web's worker would
 * otherwise download the whole precache beside every test's own requests.
 */
async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({
      serviceWorkers: 'block',
      ...options,
      extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress(), ...options?.extraHTTPHeaders },
    });
    await watchCspViolations(context);
    return context;
  };
  return browser;
}

/**
 * One launchBrowser for the calling test file: launched before its tests, closed (with every context it
 * made) after them. `newContext` makes one of its contexts, `newPage` a context's page; both start from
 * `defaults` (a file's address and width), which the options given override.
 */
export function browserOfFile(defaults: BrowserContextOptions = {}): {
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
} {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const newContext = (options?: BrowserContextOptions) => {
    if (!browser) throw new Error('browserOfFile: contexts are made inside tests and hooks, once the browser runs');
    return browser.newContext({ ...defaults, ...options });
  };
  return { newContext, newPage: async (options) => (await newContext(options)).newPage() };
}

/**
 * A browser with a profile of its own on disk, as a person's is (the install prompt needs one), set up
 * like launchBrowser's contexts: its own client address, and its CSP violations reported to the test.
 */
export async function launchBrowserProfile(
  userDataDir: string,
  options: { baseURL: string; viewport: { width: number; height: number } },
): Promise<BrowserContext> {
  const context = await launchChromiumProfile(userDataDir, { ...options, extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() } });
  await watchCspViolations(context);
  return context;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Where the README's pictures live; the tests that take them refresh them only when asked to. */
const README_SCREENSHOTS_DIR = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/** Waits two frames, so that what the last change drew is on the screen. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * One of the README's pictures: the screen as a person sees it (the viewport, settled, not the whole page).
 * Written to docs/screenshots/ when UPDATE_SCREENSHOTS=1, else beside the other screenshots as readme-<name>.
 */
export async function readmeScreenshot(page: Page, name: string): Promise<string> {
  const file = UPDATE_SCREENSHOTS ? path.join(README_SCREENSHOTS_DIR, `${name}.png`) : path.join(ARTIFACTS_DIR, `readme-${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await nextFrames(page);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  return file;
}

/** Signs in through the development form, as a person would; names are given for a new person. */
export async function signInWithDevForm(
  page: Page,
  baseUrl: string,
  email: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/api/login`);
  await page.getByLabel('Email').fill(email);
  if (names.firstName) await page.getByLabel('First name').fill(names.firstName);
  if (names.lastName) await page.getByLabel('Last name').fill(names.lastName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/**
 * Opens an area of the admin console by its link in the console's navigation (docs/screens.md#admin-console),
 * as an admin would, starting from the overview: `name` is the link's label, its queue count aside.
 */
export async function openAdminArea(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/admin-portal`);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\d+ [a-z ]+)?$`) })
    .click();
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Waits for a toast's text; the toaster shows one at a time. */
export const toastSays = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text, { exact: true })
    .waitFor();

/** Closes the announcement popup a member may meet on arrival, as a member would. */
export async function dismissPopup(page: Page): Promise<void> {
  const popup = page.getByRole('dialog');
  if (await popup.count()) await popup.getByRole('button', { name: 'Close' }).first().click();
}

export const DESKTOP = { width: 1280, height: 800 };
/** The phone the issue checks every member screen on (a common 390 px phone). */
export const PHONE = { width: 390, height: 844 };
/** An admin's laptop: the panel's tables fit it with every action in view. */
export const LAPTOP = { width: 1024, height: 768 };
/** The widths every screen is checked at: a desktop and a phone. */
export const VIEWPORTS = [
  { label: 'desktop', ...DESKTOP },
  { label: 'phone', ...PHONE },
] as const;

/** One of the two widths every screen is checked at. */
export type Viewport = (typeof VIEWPORTS)[number];

/**
 * The screen as it is now, at desktop and at phone width. At each width `check` runs (what the screen must
 * show or offer at that width: `expectInView` for what must not be cut off or pushed out of sight), the page
 * must not scroll sideways, and a screenshot is kept (`<name>-desktop`, `<name>-phone`). The page is left
 * at desktop width.
 */
export async function atBothWidths(page: Page, name: string, check?: (viewport: Viewport) => Promise<void>): Promise<void> {
  // A dialog still zooming in would be caught half-transparent: reduced motion shows it as it settles.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await nextFrames(page);
    await check?.(viewport);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    if (widths.page > widths.screen) {
      throw new Error(`${name} at ${viewport.width} px is ${widths.page} px wide: the page scrolls sideways`);
    }
    await screenshot(page, `${name}-${viewport.label}`);
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Waits for `locator`, scrolls to it, and fails unless the whole of it lies within the screen's width and
 * its text is not cut short by its box: shown, not clipped or pushed off the side. A member's page is
 * painted from its HTML first and the app then replaces that paint (docs/architecture.md#what-a-page-loads-first):
 * what is measured is the app's element, not one of the first paint's about to be removed.
 */
export async function expectInView(locator: Locator): Promise<void> {
  await locator.page().locator('#first-paint').waitFor({ state: 'detached' });
  await locator.waitFor();
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width ?? 0;
  const clipped = await locator.evaluate(
    (element) =>
      element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible',
  );
  const where = box ? `${Math.round(box.x)} to ${Math.round(box.x + box.width)} px` : 'nowhere';
  if (!box || box.x < -1 || box.x + box.width > width + 1 || clipped) {
    throw new Error(`${locator} is not wholly in view at ${width} px: it spans ${where}${clipped ? ', its text cut off' : ''}`);
  }
}

export { contextSender, ok, signInThroughDevLogin, signInUnlockedAdmin } from './requests';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical accessibility problems axe-core finds on the page as it is now (WCAG 2.1 A and
 * AA rules and axe's best practices), one line each: the rule, what it means and where. axe is evaluated
 * through the DevTools protocol, so the pages' Content-Security-Policy stays as strict as in production.
 */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  await nextFrames(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    }));
  });
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, impact, help, targets }) => `${impact} ${id} (${help}) at ${targets.slice(0, 5).join(' | ')}`);
}
