import { browserOfFile, screenshot, signInWithDevForm, VIEWPORTS } from '@app/testkit/browser';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support';

const browser = browserOfFile();

describe('signing in', () => {
  it.each(VIEWPORTS)('lands on the dashboard with the member’s name ($label)', async ({ label, width, height }) => {
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

  it.each(VIEWPORTS)(
    'comes back to the page the visitor asked for, says so when the session ends there, and signs in again back to it ($label)',
    async ({ label, width, height }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      try {
        await page.goto(`${baseUrl}/payouts`);
        await page.getByRole('link', { name: 'Sign In' }).first().click();
        await page.getByLabel('Email').fill('member@example.com');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(`${baseUrl}/payouts`);
        await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
        expect(await page.title()).toBe('Payouts · PesoTasks');

        // The session ends under the open page (signed out elsewhere): the next call says so. The demo
        // member's balance is under the payout minimum (no request to send), so the call is a message sent
        // from the support chat, opened here.
        await context.clearCookies({ name: 'session' });
        await page.getByRole('button', { name: /^Open support chat/ }).click();
        const message = page.getByRole('region', { name: 'Live Support' }).getByLabel('Message to support');
        await message.fill('Hello');
        await message.press('Enter');
        const notice = page.getByRole('dialog', { name: 'Your session has ended' });
        await notice.waitFor();
        await screenshot(page, `session-ended-${label}`);
        const signInAgain = notice.getByRole('link', { name: 'Sign in' });
        expect(await signInAgain.getAttribute('href')).toBe('/api/login?returnTo=%2Fpayouts');

        // Signing in again through the sign-in form lands back on the same page, signed in.
        await signInAgain.click();
        await page.getByLabel('Email').fill('member@example.com');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(`${baseUrl}/payouts`);
        await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
        expect(await page.getByRole('dialog', { name: 'Your session has ended' }).count()).toBe(0);
        const me = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).json());
        expect(me).toMatchObject({ email: 'member@example.com' });
      } finally {
        await context.close();
      }
    },
  );
});
