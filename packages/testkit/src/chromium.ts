import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium (or CHROMIUM_PATH), never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium kept off the (closed) network; Lighthouse's runs (bench) start it with these flags too. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium kept off the (closed) network: the browser tests and the page-load benchmark launch it so. */
export function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

/**
 * The same Chromium with a profile on disk in `userDataDir`: what a browser's contexts are not (they are
 * incognito, where Chromium offers no app to install).
 */
export function launchChromiumProfile(
  userDataDir: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...options, executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
