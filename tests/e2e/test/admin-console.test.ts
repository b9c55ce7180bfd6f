import { type APIRequestContext, browserOfFile, ok, type Page, screenshot, seriousAccessibilityProblems } from '@app/testkit/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, emailOfRun, giveNewMemberBalance, pageInSession, run, signUpMember, unlockedAdminOn } from '../support';

/**
 * The one admin console (docs/screens.md#admin-console) at a laptop's 1024 px and a desktop's 1440 px:
 * every documented admin address opens its area in it, with no member navigation; the counts beside the
 * queues are the queues' lengths; no table clips a column; axe finds nothing serious; the keys work; a
 * batch of payouts is approved in one confirmation with the flagged one left out.
 */

const browser = browserOfFile({ baseURL: baseUrl, reducedMotion: 'reduce' });
const newContext = (viewport: { width: number; height: number }) => browser.newContext({ viewport });
/** The demo admin's calls, the panel unlocked once for the file. */
let adminApi: APIRequestContext;
const emailOf = emailOfRun('console');

/** Every address the docs name for the admin app, old and new, and the area's heading it opens on. */
const ROUTES = [
  ['/admin-portal', 'Admin Overview'],
  ['/admin', 'Admin Overview'],
  ['/admin/dashboard', 'Admin Overview'],
  ['/admin/panel', 'Admin Overview'],
  ['/admin/payouts', 'Payout Management'],
  ['/admin/vip', 'VIP Approvals'],
  ['/admin/referrals', 'Held Referral Bonuses'],
  ['/admin/support', 'Support Inbox'],
  ['/admin/risk', 'Risk Review'],
  ['/admin/users', 'User Management'],
  ['/admin/transactions', 'Transactions'],
  ['/admin/plans', 'VIP Plans'],
  ['/admin/tasks', 'Task Management'],
  ['/admin/notifications', 'Notification Management'],
  ['/admin/popups', 'Browser Popups'],
  ['/admin/commission', 'Commission'],
  ['/admin/maintenance', 'Maintenance Controls'],
  ['/admin/logs', 'Activity Logs'],
  ['/admin/passkeys', 'Passkeys'],
] as const;

const WIDTHS = [
  { label: 'laptop', width: 1024, height: 768 },
  { label: 'desktop', width: 1440, height: 900 },
] as const;

const adminPage = async (viewport: { width: number; height: number }) => pageInSession(await newContext(viewport), adminApi);

/** A member with ₱1,000.00 who asks for a payout of `amount` to `mobile`. */
async function payoutOf(name: string, lastName: string, amount: string, mobile: string): Promise<void> {
  const context = await newContext({ width: 1024, height: 768 });
  const id = await signUpMember(context.request, emailOf(name), { firstName: 'Batch', lastName });
  await giveNewMemberBalance(adminApi, id, '1000');
  await ok(
    context.request.post('/api/payouts', {
      data: { paymentMethod: 'G-CASH', amount, destination: { mobile, accountName: `Batch ${lastName}` } },
    }),
  );
}

/** Cells of the page's tables that stick out of what shows them: a clipped column. */
const clippedColumns = (page: Page) =>
  page.$$eval('main table', (tables) =>
    tables.flatMap((table) => {
      const box = (table.parentElement as HTMLElement).getBoundingClientRect();
      const scrolls = (table.parentElement as HTMLElement).scrollWidth > (table.parentElement as HTMLElement).clientWidth;
      return Array.from(table.querySelectorAll('thead th'))
        .filter((th) => scrolls || th.getBoundingClientRect().right > box.right + 1)
        .map((th) => `${table.getAttribute('aria-label')}: ${th.textContent}`);
    }),
  );

/** The number beside an area's link in the console's navigation. */
async function countBeside(page: Page, key: string): Promise<number> {
  const text = await page.locator(`nav[aria-label="Admin areas"] [data-queue-count="${key}"]`).textContent();
  return Number.parseInt(text ?? '', 10);
}

/** A queue's length as its REST call reports it. */
async function queueLength(path: string): Promise<number> {
  const response = await adminApi.get(`${path}?page=1&pageSize=1`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

beforeAll(async () => {
  adminApi = await unlockedAdminOn(await newContext({ width: 1280, height: 800 }));
  await payoutOf('ana', 'Ana', '200', '0917 611 0001');
  await payoutOf('ben', 'Ben', '175.50', '0917 611 0002');
  // Two accounts paid to one number: the second one's payout is flagged.
  await payoutOf('cora', 'Cora', '300', '0917 611 0003');
  await payoutOf('cora-twin', 'Corazon', '310', '0917 611 0003');
});

describe.each(WIDTHS)('the admin console at $width px', ({ label, width, height }) => {
  it('opens every admin address in the one console, no member navigation, no column clipped, nothing serious for axe', async () => {
    const page = await adminPage({ width, height });
    // Every address's problems, so one run names them all.
    const clipped: string[] = [];
    const axe: string[] = [];
    for (const [path, heading] of ROUTES) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('main .animate-pulse'));
      const areas = page.getByRole('navigation', { name: 'Admin areas' });
      expect(await areas.getByRole('link').count(), path).toBe(16);
      expect(await areas.locator('[aria-current="page"]').count(), path).toBe(1);
      // The member app's sidebar and footer are nowhere.
      expect(await page.getByRole('link', { name: 'Available Tasks' }).count(), path).toBe(0);
      expect(await page.getByRole('contentinfo').count(), path).toBe(0);
      for (const column of await clippedColumns(page)) clipped.push(`${path} ${column}`);
      for (const problem of await seriousAccessibilityProblems(page)) axe.push(`${path} ${problem}`);
    }
    expect(clipped, `clipped at ${width} px`).toEqual([]);
    expect(axe, `axe at ${width} px`).toEqual([]);
    await page.goto('/admin/payouts');
    const firstPayout = page.getByRole('table', { name: 'Pending payout requests' }).locator('tr[data-row]').first();
    await firstPayout.waitFor();
    // The queue is on the first screen.
    const firstRow = await firstPayout.boundingBox();
    expect((firstRow?.y ?? Number.POSITIVE_INFINITY) + (firstRow?.height ?? 0)).toBeLessThanOrEqual(height);
    await screenshot(page, `admin-console-payouts-${label}`);
  });

  it('shows beside each queue how much it holds', async () => {
    const page = await adminPage({ width, height });
    await page.goto('/admin-portal');
    await page.locator('nav[aria-label="Admin areas"] [data-queue-count="pendingPayouts"]').waitFor();
    const counts = await ok<Record<string, number>>(adminApi.get('/api/admin/queue-counts'));
    expect(await countBeside(page, 'pendingPayouts')).toBe(await queueLength('/api/admin/pending-payouts'));
    expect(await countBeside(page, 'pendingVip')).toBe(await queueLength('/api/admin/pending-vip'));
    expect(await countBeside(page, 'heldReferrals')).toBe(await queueLength('/api/admin/risk/held-referrals'));
    for (const key of ['unreadSupport', 'riskHigh']) expect(await countBeside(page, key)).toBe(counts[key]);
  });
});

describe('at 1024 px', () => {
  it('answers the keys and approves a batch in one confirmation, leaving the flagged payout out', async () => {
    const page = await adminPage({ width: 1024, height: 768 });
    await page.goto('/admin/payouts');
    const table = page.getByRole('table', { name: 'Pending payout requests' });
    await table.getByRole('row').nth(1).waitFor();

    // `/` searches: this run's four payouts.
    await page.locator('body').press('/');
    await page.keyboard.type(run);
    await page.keyboard.press('Enter');
    await table.getByRole('row', { name: /Batch Corazon/ }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
    await page.locator('main h1').click();
    // `j` walks to the first row, Enter opens its first action, `?` lists the keys.
    await page.keyboard.press('j');
    expect(await page.evaluate(() => document.activeElement?.matches('tr[data-row]'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Approve payout?' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await screenshot(page, 'admin-console-shortcuts-laptop');
    await page.keyboard.press('Escape');

    const flagged = table.getByRole('row').filter({ hasText: 'also used by' });
    const flaggedCount = await flagged.count();
    expect(flaggedCount).toBeGreaterThanOrEqual(1);
    await page.getByRole('checkbox', { name: /All on this page/ }).check();
    const selected = 4 - flaggedCount;
    const confirm = page.getByRole('dialog', { name: new RegExp(`^Approve ${selected} payouts?\\?$`) });
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await confirm.getByText(`${flaggedCount} flagged or held on this page`, { exact: false }).waitFor();
    await confirm.getByText('by GCash', { exact: false }).waitFor();
    await screenshot(page, 'admin-console-batch-confirm-laptop');
    await confirm.getByRole('button', { name: /^Pay ₱/ }).click();

    await page.getByRole('heading', { name: `Approved ${selected}, refused 0` }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + flaggedCount);
    await flagged.first().waitFor();
    const live = page.getByRole('status', { name: 'Console announcements' });
    expect(await live.textContent()).toContain(`${selected} payout`);
    await screenshot(page, 'admin-console-batch-result-laptop');
  });
});
