import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const ARTIFACTS_DIR = fileURLToPath(new URL('../../test-artifacts/e2e/', import.meta.url));

/** Debian's Chromium, never a downloaded one; flags keep it off the (closed) network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
