import {
  type APIRequestContext,
  browserOfFile,
  contextSender,
  ok,
  type Page,
  PHONE,
  screenshot,
  seriousAccessibilityProblems,
  signInThroughDevLogin,
} from '@app/testkit/browser';
import { type Catalogues, catalogues, englishWithFilipino } from '@app/testkit/catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, run, unlockedAdminOn } from '../support';

/**
 * Every member page in Filipino (docs/architecture.md#two-languages, issue 38), at 390 px: a member who
 * reads Filipino walks the member routes, opens the dialogs and menus a member can open, meets one refusal
 * of the form, one of the server and its toast. On each, no visible text may still be an English text of
 * the catalogues that has a different Filipino one, and axe finds no serious or critical problem. What an
 * admin or a member wrote (tasks' titles, popups, notices, chat) is marked data-admin-text and not read.
 * Screenshots: test-artifacts/e2e/member-filipino-<page>.png.
 */

const browser = browserOfFile({ baseURL: baseUrl });
let adminApi: APIRequestContext;
let page: Page;
let texts: Catalogues;
let english: string[];

/** TASK_VIEW_SECONDS of the suite's server (3), and a little more for the clocks of two processes. */
const VIEW_MS = 3_300;

beforeAll(async () => {
  texts = await catalogues();
  english = englishWithFilipino(texts);
  adminApi = await unlockedAdminOn(await browser.newContext());

  const context = await browser.newContext({ viewport: PHONE, locale: 'fil-PH', reducedMotion: 'reduce' });
  // Partner sites are on the internet, which this machine cannot reach; the task browser's own tab is not this file's concern.
  await context.route('https://**', (route) => route.abort());
  // The visitor reads Filipino before signing in: the first sign-in stores it on the account.
  await context.addCookies([{ name: 'lang', value: 'fil', url: baseUrl }]);
  await signInThroughDevLogin(contextSender(context.request), `filipino-${run}@example.com`, { firstName: 'Lorna', lastName: 'Santos' });
  const member = context.request;

  // A history to read: one task viewed (its proof of view), and a balance a payout can be asked from.
  const [task] = await ok<{ id: string }[]>(member.get('/api/tasks'));
  await ok(member.post(`/api/tasks/${task?.id}/start`));
  await new Promise((resolve) => setTimeout(resolve, VIEW_MS));
  await ok(member.get(`/api/tasks/${task?.id}/redirect-complete`));
  const { id, availableBalance } = await ok<{ id: string; availableBalance: string }>(member.get('/api/auth/user'));
  await ok(
    adminApi.put(`/api/admin/users/${id}/balance`, {
      data: { newBalance: '500', expectedBalance: availableBalance, reason: 'Test funds' },
    }),
  );

  page = await context.newPage();
  context.on('page', (opened) => void opened.close());
});

/** The visible texts of the page that are English texts with a Filipino one: hidden, script and admins' texts not read. */
function englishOnPage(): Promise<string[]> {
  return page.evaluate((englishTexts) => {
    const wanted = new Set(englishTexts);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, template, [data-admin-text]')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true }) || !wanted.has(text)) continue;
      found.push(text);
    }
    return found;
  }, english);
}

/** The page as it is now: its screenshot, then no English left where Filipino exists, and no serious axe problem. */
async function expectFilipino(name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await page.getAttribute('html', 'lang')).toBe('fil');
  await screenshot(page, `member-filipino-${name}`);
  const problems = await seriousAccessibilityProblems(page);
  expect({ english: await englishOnPage(), axe: problems }).toEqual({ english: [], axe: [] });
}

/** Opens a member page and waits for its heading; an admin's popup met on arrival is closed, as a member would. */
async function visit(path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
}

/** The toasts, in their region named in Filipino ("Mga notification (F8)"). */
const toasts = () => page.getByRole('region', { name: /^Mga notification/ }).getByRole('listitem');

describe('a member reading Filipino, at 390 px', () => {
  it('the signed-in shell, before any script, and the dashboard', async () => {
    const noScript = await browser.newContext({
      viewport: PHONE,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const shell = await noScript.newPage();
    await shell.goto('/history');
    expect(await shell.getAttribute('html', 'lang')).toBe('fil');
    expect(await shell.title()).toBe(texts.fil('landing.meta.title'));

    await visit('/');
    await expectFilipino('dashboard');
  });

  it('the task list', async () => {
    await visit('/tasks');
    await expectFilipino('tasks');
  });

  it('the task browser', async () => {
    const [task] = await ok<{ id: string }[]>(page.request.get('/api/tasks'));
    await visit(`/task-browser?taskId=${task?.id}`);
    await page.getByRole('button', { name: texts.fil('taskBrowser.startViewing') }).waitFor();
    await expectFilipino('task-browser');
  });

  it('the history and a proof of view', async () => {
    await visit('/history');
    await expectFilipino('history');
    await page
      .getByRole('button', { name: new RegExp(`^${texts.fil('proof.title')}`) })
      .first()
      .click();
    await page.getByRole('dialog', { name: texts.fil('proof.title') }).waitFor();
    await expectFilipino('proof-of-view');
  });

  it('the payouts: the form’s refusal, the confirmation, the server’s refusal and its toast', async () => {
    await visit('/payouts');
    await expectFilipino('payouts');

    // Under the minimum: the form's own schema refuses, in Filipino.
    const amount = page.getByLabel(texts.fil('payouts.amount'));
    await amount.fill('10');
    await page.getByLabel('GCash number').fill('0917 555 0190');
    await page.getByLabel(texts.filipino.messagesTranslation?.['payouts.destination.labels.accountName'] ?? '').fill('Lorna Santos');
    await page.getByRole('button', { name: texts.fil('payouts.request') }).click();
    await page.getByText(texts.filipino.messagesTranslation?.['payouts.minimum'] ?? '').waitFor();
    await expectFilipino('payouts-form-refusal');

    // More than the balance: the form lets it through, the server refuses it.
    await amount.fill('1000');
    await page.getByRole('button', { name: texts.fil('payouts.request') }).click();
    const confirmation = page.getByRole('dialog');
    await confirmation.waitFor();
    await expectFilipino('payouts-confirmation');
    await confirmation.getByRole('button', { name: /^I-withdraw ang/ }).click();
    await toasts().first().waitFor();
    await expectFilipino('payouts-server-refusal');
  });

  it('the VIP page and its G-CASH dialog', async () => {
    await visit('/vip');
    await expectFilipino('vip');
    await page
      .getByRole('button', { name: /G-CASH/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await expectFilipino('vip-gcash-dialog');
  });

  it('the referrals page', async () => {
    await visit('/referrals');
    await expectFilipino('referrals');
  });

  it('a referral link’s page, with the member’s own code', async () => {
    const { referralCode } = await ok<{ referralCode: string }>(page.request.get('/api/auth/user'));
    await visit(`/referral/${referralCode}`);
    await page.getByText(texts.fil('invite.ownCode')).waitFor();
    await expectFilipino('referral-link');
  });

  it('the profile', async () => {
    await visit('/profile');
    await expectFilipino('profile');
  });

  it('an address that is no page', async () => {
    await visit('/no-such-page');
    await expectFilipino('not-found');
  });

  it.each(['help', 'about', 'terms', 'privacy'])('the %s page', async (name) => {
    await visit(`/${name}`);
    await expectFilipino(name);
  });

  it('the notifications menu and the support chat', async () => {
    await visit('/payouts');
    await page.getByRole('button', { name: new RegExp(`^${texts.fil('notifications.title')}`) }).click();
    await page.getByRole('menu').waitFor();
    await expectFilipino('notifications');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: new RegExp(`^${texts.fil('support.open')}`) }).click();
    await page.getByRole('textbox', { name: texts.fil('support.messageLabel') }).waitFor();
    await expectFilipino('support-chat');
  });
});
