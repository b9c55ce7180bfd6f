import { type Browser, type Locator, launchBrowser, type Page, screenshot, signInWithDevForm, VIEWPORTS } from '@app/testkit/browser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** "₱1,250.50" -> 125050 (the app always shows two decimals). */
function centavos(text: string | null | undefined): number {
  const match = text?.match(/₱([\d,]+\.\d{2})/);
  if (!match?.[1]) throw new Error(`Not an amount: ${text}`);
  return Number(match[1].replace(/[,.]/g, ''));
}

/** Waits for the element's entrance animation (dialogs zoom in, toasts slide in) so screenshots show it in place. */
async function settled(locator: Locator): Promise<void> {
  await locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

async function availableBalance(page: Page): Promise<number> {
  const figure = page.getByRole('group', { name: 'Available Balance' });
  return centavos(await figure.locator('p').nth(1).textContent());
}

describe('members earn', () => {
  it.each(VIEWPORTS)(
    'view a task, get the reward on the dashboard and its proof in the history ($label)',
    async ({ label, width, height }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      // The task sites are on the internet, which this machine cannot reach; the new tab just fails to load.
      await context.route('https://**', (route) => route.abort());
      const page = await context.newPage();
      try {
        await signInWithDevForm(page, baseUrl, 'member@example.com');
        await page.getByRole('region', { name: 'Daily Task Limit' }).waitFor();
        const balanceBefore = await availableBalance(page);
        await screenshot(page, `earning-dashboard-before-${label}`);

        await page.goto(`${baseUrl}/tasks`);
        const card = page.getByRole('group', { name: 'View Product Page' });
        const reward = centavos(await card.getByText(/^Reward:/).textContent());
        await screenshot(page, `earning-tasks-${label}`);
        await card.getByRole('link', { name: 'Start Viewing Website' }).click();

        await page.getByRole('heading', { level: 1, name: 'View Product Page' }).waitFor();
        // The site's tab opens by itself two seconds after the page (here it fails to load, which must not matter).
        const siteTab = await context.waitForEvent('page', { timeout: 5000 });
        await page.getByRole('button', { name: 'Start Viewing' }).click();
        await page.getByText('Keep the website open. Your reward is credited when the timer reaches zero.').waitFor();
        await screenshot(page, `earning-task-browser-${label}`);
        await siteTab.close();

        await page.waitForURL(`${baseUrl}/tasks`, { timeout: 15_000 });
        const toast = page
          .getByRole('region', { name: /Notifications/ })
          .getByRole('listitem')
          .filter({ hasText: 'Task Completed' });
        const amount = (await toast.getByText(/^Congratulations! You have earned/).textContent()) ?? '';
        expect(centavos(amount)).toBe(reward);
        await settled(toast);
        await screenshot(page, `earning-task-completed-${label}`);

        await page.goto(baseUrl);
        await page.getByRole('region', { name: 'Daily Task Limit' }).waitFor();
        expect(await availableBalance(page)).toBe(balanceBefore + reward);
        await screenshot(page, `earning-dashboard-after-${label}`);

        await page.goto(`${baseUrl}/history`);
        const newest = page.getByRole('table', { name: 'Transaction history' }).getByRole('row').nth(1);
        await expect(newest.getByRole('cell').nth(2).textContent()).resolves.toContain('Task completed: View Product Page');
        await screenshot(page, `earning-history-${label}`);
        await newest.getByRole('button', { name: /^Proof of view/ }).click();
        const proof = page.getByRole('dialog', { name: 'Proof of view' });
        await expect(proof.getByRole('definition').first().textContent()).resolves.toBe('View Product Page');
        const seconds = Number.parseInt((await proof.getByRole('definition').nth(3).textContent()) ?? '', 10);
        // The server credited the view only after its own clock said TASK_VIEW_SECONDS (3 here) had passed.
        expect(seconds).toBeGreaterThanOrEqual(3);
        await settled(proof);
        await screenshot(page, `earning-proof-${label}`);
      } finally {
        await context.close();
      }
    },
  );
});
