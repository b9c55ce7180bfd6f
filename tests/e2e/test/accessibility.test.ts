import {
  type APIRequestContext,
  type BrowserContext,
  browserOfFile,
  contextSender,
  dismissPopup,
  expectInView,
  type Locator,
  ok,
  type Page,
  screenshot,
  seriousAccessibilityProblems,
  signInThroughDevLogin,
} from '@app/testkit/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E } from '../credentials';
import { baseUrl, giveNewMemberBalance, run, setGcashPayee, signUpMember, unlockedAdminOn } from '../support';

const browser = browserOfFile();
const newApiContext = () => browser.newContext({ baseURL: baseUrl });

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/**
 * The admin (panel unlocked) and the operator, each signed in once for every width: sign-ins from one
 * address are rate limited, and the whole browser suite shares 127.0.0.1.
 */
let adminState: StorageState;
/** An admin session that has not given the panel password: the gate is its screen. */
let lockedAdminState: StorageState;
let operatorState: StorageState;
/** The unlocked admin's calls, to give a member the balance a payout needs. */
let adminApi: APIRequestContext;

beforeAll(async () => {
  const admin = await newApiContext();
  adminApi = await unlockedAdminOn(admin);
  adminState = await admin.storageState();
  // The VIP dialog is checked as members meet it, with the payee to send the payment to.
  await setGcashPayee(adminApi);
  await fillAdminQueues();

  const locked = await newApiContext();
  await signInThroughDevLogin(contextSender(locked.request), E2E.adminEmail);
  lockedAdminState = await locked.storageState();

  const operator = await newApiContext();
  await ok(operator.request.post('/api/admin/percentage/login', { data: E2E.operator }));
  operatorState = await operator.storageState();
});

/**
 * A member whose VIP request, payout and support message fill the admin's queues, so that the tables are
 * checked with rows in them (long e-mail, destination and buttons), not only empty.
 */
async function fillAdminQueues(): Promise<void> {
  const member = (await newApiContext()).request;
  const id = await signUpMember(member, `a11y-queues-with-a-long-address-${run}@example.com`, {
    firstName: 'Maria Concepcion',
    lastName: 'Dela Cruz-Santos',
  });
  await giveNewMemberBalance(adminApi, id, '500', 'Contest prize');
  await ok(
    member.post('/api/payouts', {
      data: { paymentMethod: 'G-CASH', amount: '200', paymentDetails: '0917 555 0123 Maria Concepcion Dela Cruz-Santos' },
    }),
  );
  await ok(
    member.post('/api/vip/upgrade', { data: { vipTier: 'VIP300', paymentInfo: { transactionProof: String(Date.now()).slice(-13) } } }),
  );
  await ok(
    member.post('/api/support/messages', { data: { message: 'My payout has been pending since yesterday, when will it be sent?' } }),
  );
}

/** Gives the new member signed in on `page` an available balance (from none), as an admin's edit does. */
async function fundMember(page: Page, newBalance: string): Promise<void> {
  const { id } = await ok<{ id: string }>(page.request.get(`${baseUrl}/api/auth/user`));
  await giveNewMemberBalance(adminApi, id, newBalance);
}

/** Signs a new member in, as the development sign-in form does. */
async function signInMember(page: Page, email: string, firstName: string, lastName: string): Promise<void> {
  await signInThroughDevLogin(contextSender(page.request, baseUrl), email, { firstName, lastName });
}

/** The widths the issue names: the phone every member has and the desktop every admin has. */
const WIDTHS = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 800 },
] as const;

async function newPage(width: number, height: number, storageState?: StorageState): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce', storageState });
  // Partner sites are on the internet, which this machine cannot reach.
  await context.route('https://**', (route) => route.abort());
  return context.newPage();
}

/**
 * Checks the page as it is now and keeps a screenshot of it; the failure names every problem found. The
 * page never scrolls sideways: what is wider than the screen scrolls inside its own box.
 */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await screenshot(page, `a11y-${name}`);
  expect(await seriousAccessibilityProblems(page), name).toEqual([]);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, `${name} is wider than the screen`).toBeLessThanOrEqual(widths.screen);
}

/**
 * The support chat's button covers nothing a member may want to read or press: on narrower screens it sits
 * in the header; where it floats, nothing lies under it at the top, the middle or the end of the page.
 */
async function expectChatCoversNothing(page: Page, name: string, placed: 'floating' | 'in the header'): Promise<void> {
  const covered = await page.evaluate(async (placed) => {
    const button = document.querySelector<HTMLElement>('button[aria-label^="Open support chat"]');
    if (!button) return ['no support chat button'];
    const floating = getComputedStyle(button).position === 'fixed';
    if (floating !== (placed === 'floating')) return [`the support button is not ${placed}`];
    if (!floating) return button.closest('header') ? [] : ['a support button outside the header'];
    const found = new Set<string>();
    const end = document.documentElement.scrollHeight - window.innerHeight;
    for (const top of [0, end / 2, end]) {
      window.scrollTo(0, top);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const bubble = button.getBoundingClientRect();
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *, footer *'))) {
        if (element.children.length > 0 || element.offsetParent === null) continue;
        const box = element.getBoundingClientRect();
        if (box.right > bubble.left && box.left < bubble.right && box.bottom > bubble.top && box.top < bubble.bottom) {
          found.add(element.outerHTML.slice(0, 120));
        }
      }
    }
    window.scrollTo(0, 0);
    return [...found];
  }, placed);
  expect(covered, `what the support chat covers on ${name}`).toEqual([]);
}

describe('the support chat on a wide screen (1600 px)', () => {
  it('floats beside the content and covers nothing of the dashboard, the plans or the history', async () => {
    const page = await newPage(1600, 900);
    await signInMember(page, `a11y-wide-${run}@example.com`, 'Lito', 'Santos');
    await page.goto(`${baseUrl}/`);
    await page.getByRole('region', { name: 'Daily Task Limit' }).waitFor();
    await dismissPopup(page);
    await expectChatCoversNothing(page, 'the dashboard at 1600 px', 'floating');
    await page.goto(`${baseUrl}/vip`);
    await page.getByRole('row', { name: /^VIP 300 / }).waitFor();
    await expectChatCoversNothing(page, '/vip at 1600 px', 'floating');
    await page.goto(`${baseUrl}/history`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectChatCoversNothing(page, '/history at 1600 px', 'floating');
    await screenshot(page, 'support-chat-floating-1600');
  });
});

/** The tables on the page that are wider than their box, named by their first column's heading. */
const tablesScrollingSideways = (page: Page) =>
  page.$$eval('table', (tables) =>
    tables
      .filter((table) => table.parentElement && table.parentElement.scrollWidth > table.parentElement.clientWidth)
      .map((table) => table.querySelector('th')?.textContent ?? 'a table'),
  );

describe.each(WIDTHS)('0 serious or critical axe-core problems ($label, $width px)', ({ label, width, height }) => {
  it('on the member pages: landing, dashboard, tasks, task browser, history, payouts and its confirmation, VIP and its dialog, referrals, profile', async () => {
    const page = await newPage(width, height);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, `member-landing-${label}`);

    await signInMember(page, `a11y-${label}-${run}@example.com`, 'Alma', 'Reyes');
    await page.goto(`${baseUrl}/`);
    await page.getByRole('region', { name: 'Daily Task Limit' }).waitFor();
    await dismissPopup(page);
    await expectAccessible(page, `member-dashboard-${label}`);
    for (const card of await page.getByRole('region', { name: 'Your earnings' }).getByRole('group').all()) {
      await expectInView(card.locator('p').nth(1));
    }
    await expectChatCoversNothing(page, `the dashboard at ${width} px`, 'in the header');

    const pages = [
      { path: '/tasks', ready: () => page.getByRole('group').first().waitFor() },
      { path: '/history', ready: () => page.getByRole('heading', { level: 1 }).waitFor() },
      // A new member has nothing yet: the page says how much is still to go before the first payout.
      { path: '/payouts', ready: () => page.getByRole('region', { name: '₱150.00 more to go before you can cash out' }).waitFor() },
      { path: '/referrals', ready: () => page.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/profile', ready: () => page.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/vip', ready: () => page.getByRole('row', { name: /^VIP 300 / }).waitFor() },
    ];
    for (const { path, ready } of pages) {
      await page.goto(`${baseUrl}${path}`);
      await ready();
      await page.waitForLoadState('networkidle');
      await dismissPopup(page);
      await expectAccessible(page, `member${path.replace('/', '-')}-${label}`);
      await expectChatCoversNothing(page, `${path} at ${width} px`, 'in the header');
    }

    await page
      .getByRole('row', { name: /^VIP 300 / })
      .getByRole('button', { name: 'Pay with G-CASH' })
      .click();
    await page.getByRole('dialog', { name: 'Upgrade to VIP 300' }).waitFor();
    await expectAccessible(page, `member-vip-dialog-${label}`);
    await page.keyboard.press('Escape');

    await fundMember(page, '500');
    await page.goto(`${baseUrl}/payouts`);
    await page.getByLabel('Amount (₱)').fill('150');
    await page.getByLabel('GCash number').fill('0917 555 0181');
    await page.getByLabel("Account holder's name").fill('Alma Reyes');
    await expectAccessible(page, `member-payout-form-${label}`);
    await page.getByRole('button', { name: 'Request Payout' }).click();
    await page.getByRole('dialog', { name: 'Request ₱150.00 by GCash?' }).waitFor();
    await expectAccessible(page, `member-payout-confirm-${label}`);
    await page.keyboard.press('Escape');

    const [task] = await ok<{ id: string }[]>(page.request.get(`${baseUrl}/api/tasks`));
    await page.goto(`${baseUrl}/task-browser?taskId=${task?.id}`);
    await page.getByRole('button', { name: 'Start Viewing' }).waitFor();
    await expectAccessible(page, `member-task-browser-${label}`);
  });

  it('on the commission login and dashboard', async () => {
    const visitor = await newPage(width, height);
    await visitor.goto(`${baseUrl}/admin/percentage/`);
    await visitor.getByLabel('Username').waitFor();
    await expectAccessible(visitor, `commission-login-${label}`);

    const page = await newPage(width, height, operatorState);
    await page.goto(`${baseUrl}/admin/percentage/`);
    await page.getByRole('heading', { level: 1, name: 'Commission Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `commission-dashboard-${label}`);
  });
});

/** Admins work at a laptop's 1024 px too: there every table fits with its actions in view. */
const ADMIN_WIDTHS = [
  { label: 'phone', width: 390, height: 844, tablesFit: false },
  { label: 'laptop', width: 1024, height: 768, tablesFit: true },
  { label: 'desktop', width: 1280, height: 800, tablesFit: true },
] as const;

describe.each(ADMIN_WIDTHS)('the admin panel at $width px ($label)', ({ label, width, height, tablesFit }) => {
  it('has 0 serious or critical axe-core problems on its password gate and every area of the console, and fits the screen', async () => {
    // The gate, as an admin meets it before unlocking the panel.
    const locked = await newPage(width, height, lockedAdminState);
    await locked.goto(`${baseUrl}/admin-portal`);
    await locked.getByLabel('Admin Password').waitFor();
    await expectAccessible(locked, `admin-gate-${label}`);

    const page = await newPage(width, height, adminState);
    await page.goto(`${baseUrl}/admin-portal`);
    // The ₱ and count cards show their whole figure at every width.
    const statistics = page.getByRole('region', { name: 'Platform statistics' }).getByRole('group');
    await statistics.first().locator('p').nth(1).waitFor();
    for (const card of await statistics.all()) await expectInView(card.locator('p').nth(1));
    // Every area of the console, by its link in the one navigation.
    const areas = page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link');
    await areas.first().waitFor();
    const hrefs = await areas.evaluateAll((links) => links.map((link) => link.getAttribute('href') as string));
    expect(hrefs.length).toBe(16);
    for (const href of hrefs) {
      await page.goto(`${baseUrl}${href}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      // Checked with its data in place, not its loading skeleton.
      await page.waitForFunction(() => !document.querySelector('main .animate-pulse'));
      const name = href.replace(/^\//, '').replace(/[^a-z0-9]+/g, '-');
      await expectAccessible(page, `${name}-${label}`);
      if (tablesFit) expect(await tablesScrollingSideways(page), `tables of ${href} at ${width} px`).toEqual([]);
    }
  });
});

/**
 * Opens a dialog from its button by keyboard: the focus goes into the dialog, Tab and Shift+Tab keep it there,
 * and Escape closes it and gives the focus back to the button.
 */
async function expectFocusTrappedAndReturned(page: Page, opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  const focusInsideDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await focusInsideDialog()).toBe(true);
  for (const key of [...Array(12).fill('Tab'), ...Array(4).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await focusInsideDialog(), `the focus after ${key}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Radix gives the focus back in a task after the dialog unmounts, so a loaded machine sees it a moment later.
  await expect.poll(() => opener.evaluate((element) => element === document.activeElement), { timeout: 2_000 }).toBe(true);
}

describe('keyboard', () => {
  it('a dialog takes the focus, keeps Tab inside it, and gives the focus back to its button when closed', async () => {
    const page = await newPage(1280, 800);
    await signInMember(page, `a11y-keys-${run}@example.com`, 'Kiko', 'Cruz');
    await page.goto(`${baseUrl}/vip`);
    await expectFocusTrappedAndReturned(
      page,
      page.getByRole('row', { name: /^VIP 300 / }).getByRole('button', { name: 'Pay with G-CASH' }),
      page.getByRole('dialog', { name: 'Upgrade to VIP 300' }),
    );
  });

  it("a member's payout confirmation does the same, opened from the form's button", async () => {
    const page = await newPage(1280, 800);
    await signInMember(page, `a11y-payout-keys-${run}@example.com`, 'Lito', 'Ramos');
    await fundMember(page, '500');
    await page.goto(`${baseUrl}/payouts`);
    await page.getByLabel('Amount (₱)').fill('150');
    await page.getByLabel('GCash number').fill('0917 555 0182');
    await page.getByLabel("Account holder's name").fill('Lito Ramos');
    await expectFocusTrappedAndReturned(
      page,
      page.getByRole('button', { name: 'Request Payout' }),
      page.getByRole('dialog', { name: 'Request ₱150.00 by GCash?' }),
    );
  });

  it("an admin's confirmation (approving a payout) does the same", async () => {
    const page = await newPage(1280, 800, adminState);
    await page.goto(`${baseUrl}/admin/payouts`);
    await expectFocusTrappedAndReturned(
      page,
      page.getByRole('button', { name: 'Approve Payout of Maria Concepcion Dela Cruz-Santos' }),
      page.getByRole('dialog', { name: 'Approve payout?' }),
    );
  });
});
