import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIResponse, type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';

export const ARTIFACTS_DIR = fileURLToPath(new URL('../../test-artifacts/e2e/', import.meta.url));

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
 * Debian's Chromium, never a downloaded one; flags keep it off the (closed) network. Every context it
 * makes (browser.newPage makes one too) reports Content-Security-Policy violations to the running test
 * and comes from its own client address.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({
      ...options,
      extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress(), ...options?.extraHTTPHeaders },
    });
    await watchCspViolations(context);
    return context;
  };
  return browser;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
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

export const DESKTOP = { width: 1280, height: 800 };
/** The widths every screen is checked at: a desktop and the narrowest phone the product supports. */
export const VIEWPORTS = [
  { label: 'desktop', ...DESKTOP },
  { label: 'phone', width: 360, height: 780 },
] as const;

/** The page as it is now, at desktop and at phone width; the page is left at desktop width. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  // A dialog still zooming in would be caught half-transparent: reduced motion shows it as it settles.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const { label, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await screenshot(page, `${name}-${label}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** A call's JSON answer, failing the test with the server's message when it was refused. */
export async function ok<T = Record<string, unknown>>(pending: Promise<APIResponse>): Promise<T> {
  const response = await pending;
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical accessibility problems axe-core finds on the page as it is now (WCAG 2.1 A and
 * AA rules and axe's best practices), one line each: the rule, what it means and where. axe is evaluated
 * through the DevTools protocol, so the pages' Content-Security-Policy stays as strict as in production.
 */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
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
