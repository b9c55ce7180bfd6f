import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, signInWithDevForm } from '../browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in', () => {
  it.each([
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'phone', width: 360, height: 780 },
  ])('lands on the dashboard with the member’s name ($label)', async ({ label, width, height }) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    try {
      await page.goto(baseUrl);
      await page
        .getByRole('link', { name: /sign in|get started/i })
        .first()
        .waitFor();

      await signInWithDevForm(page, baseUrl, 'member@example.com');
      await page.getByRole('heading', { name: /Welcome back, Maria/ }).waitFor();
      await page.getByText('Available Balance').first().waitFor();
      await screenshot(page, `dashboard-${label}`);

      const me = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).json());
      expect(me).toMatchObject({ email: 'member@example.com', firstName: 'Maria' });
    } finally {
      await context.close();
    }
  });
});
