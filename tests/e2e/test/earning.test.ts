import {
  atBothWidths,
  browserOfFile,
  expectInView,
  type Locator,
  ok,
  type Page,
  PHONE,
  screenshot,
  signInWithDevForm,
  toastSays,
  VIEWPORTS,
} from '@app/testkit/browser';
import { describe, expect, it } from 'vitest';
import { baseUrl, run } from '../support';

const browser = browserOfFile();

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
        // One tap: the site's tab opens in the click (here it fails to load, which must not matter) and the count runs.
        const siteTab = context.waitForEvent('page', { timeout: 5000 });
        await card.getByRole('button', { name: 'Start Viewing Website' }).click();
        await (await siteTab).close();
        await card.getByText('Waiting for Website View').waitFor();
        await screenshot(page, `earning-task-counting-${label}`);

        await card.getByRole('button', { name: 'Collect Earnings' }).click({ timeout: 15_000 });
        const toast = page
          .getByRole('region', { name: /Notifications/ })
          .getByRole('listitem')
          .filter({ hasText: 'Earnings Collected!' });
        const amount = (await toast.getByText(/^You earned/).textContent()) ?? '';
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

/** TASK_VIEW_SECONDS of the suite's server (3), and a little more for the clocks of two processes. */
const VIEW_MS = 3_300;

describe('a finished view is never lost, and the day’s limit is said before a start', () => {
  it('collects with Start Another Task, credits a view left early at the next start, then offers no task at the limit', async () => {
    // The flow at phone width; each state it reaches is checked at both widths.
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    await context.route('https://**', (route) => route.abort());
    const page = await context.newPage();
    // Each start opens the site's tab; those tabs are not this test's concern.
    context.on('page', (opened) => void opened.close());
    try {
      await signInWithDevForm(page, baseUrl, `views-${run}@example.com`, { firstName: 'Vida', lastName: 'Cruz' });
      const tasks = await ok<{ id: string; title: string }[]>(page.request.get(`${baseUrl}/api/tasks`));
      // Three of the free day's five done in another tab (through the API, as that tab's calls would be).
      for (const task of tasks.slice(0, 3)) {
        await ok(page.request.post(`${baseUrl}/api/tasks/${task.id}/start`));
        await page.waitForTimeout(VIEW_MS);
        expect(await ok(page.request.get(`${baseUrl}/api/tasks/${task.id}/redirect-complete`))).toMatchObject({ success: true });
      }
      const [, , , fourth, fifth, sixth, seventh] = tasks as [unknown, unknown, unknown, ...{ id: string; title: string }[]];
      const card = (title: string) => page.getByRole('group', { name: title, exact: true });
      const startFromCard = (title: string) => card(title).getByRole('button', { name: 'Start Viewing Website' }).click();

      await page.goto(`${baseUrl}/tasks`);
      await atBothWidths(page, 'tasks-day-line', () => expectInView(page.getByText('3 of 5 tasks today · resets at 00:00 Manila time')));

      // One tap: the card counts down, then offers both ways to collect.
      await startFromCard(fourth!.title);
      await card(fourth!.title).getByText('Waiting for Website View').waitFor();
      await card(fourth!.title).getByText('Timer Completed!').waitFor({ timeout: 10_000 });
      await atBothWidths(page, 'task-card-timer-completed', async () => {
        await expectInView(card(fourth!.title).getByRole('button', { name: 'Collect Earnings' }));
        await expectInView(card(fourth!.title).getByRole('button', { name: 'Start Another Task' }));
      });
      await card(fourth!.title).getByRole('button', { name: 'Start Another Task' }).click();
      await toastSays(page, 'Earnings Collected!');
      await page.getByText('4 of 5 tasks today · resets at 00:00 Manila time').waitFor();

      // Leaves the next view early and, once its time is up, starts a third task instead of collecting:
      // the start credits the finished view, and as the day's fifth it was the last one.
      await startFromCard(fifth!.title);
      await card(fifth!.title).getByText('Timer Completed!').waitFor({ timeout: 10_000 });
      await startFromCard(sixth!.title);
      const refusal = page.getByText(
        /^₱\d+\.\d{2} for the task you finished earlier was added to your balance\. That was your last task for today/,
      );
      await atBothWidths(page, 'tasks-last-view-collected', () => expectInView(refusal));
      expect(await ok(page.request.get(`${baseUrl}/api/vip/status`))).toMatchObject({ tasksCompletedToday: 5, tasksRemaining: 0 });

      // At the limit no page offers a task the server would refuse.
      await page.goto(`${baseUrl}/tasks`);
      await atBothWidths(page, 'tasks-limit-reached', async () => {
        await expectInView(page.getByText('5 of 5 tasks today · resets at 00:00 Manila time'));
        await expectInView(page.getByText("You've reached your daily task limit"));
        expect(await page.getByRole('button', { name: 'Start Viewing Website' }).count()).toBe(0);
      });
      await page.goto(`${baseUrl}/`);
      await page.getByRole('region', { name: 'Daily Task Limit' }).waitFor();
      await atBothWidths(page, 'dashboard-limit-reached', async () => {
        await expectInView(page.getByRole('region', { name: 'Available Tasks' }).getByText(/New tasks open at 00:00 Manila time/));
        expect(await page.getByRole('button', { name: 'Start Viewing Website' }).count()).toBe(0);
      });
      await page.goto(`${baseUrl}/task-browser?taskId=${seventh!.id}`);
      await atBothWidths(page, 'task-browser-limit-reached', async () => {
        await expectInView(page.getByText('You have reached your daily task limit. Please try again tomorrow.'));
        expect(await page.getByRole('button', { name: 'Start Viewing' }).count()).toBe(0);
      });
    } finally {
      await context.close();
    }
  });
});
