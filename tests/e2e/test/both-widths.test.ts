import {
  type APIRequestContext,
  browserOfFile,
  DESKTOP,
  dismissPopup,
  expectInView,
  ok,
  type Page,
  screenshot,
  signInWithDevForm,
  toastSays,
  VIEWPORTS,
} from '@app/testkit/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, emailOfRun, setGcashPayee, signUpMember, unlockedAdminOn } from '../support';

/**
 * States a member or an admin meets, each checked at phone (390 px) and desktop (1280 px) width in a real
 * browser: the day line of /tasks, a suspended member's banner, the G-CASH payee not set, the website
 * switched off, and a payout someone else approved first. One member and one admin sign in for the file;
 * each test resizes their pages.
 */

const { newContext } = browserOfFile({ baseURL: baseUrl, viewport: DESKTOP, reducedMotion: 'reduce' });
/** The demo admin's calls, the panel unlocked once for the file; its cookies also open the admin's pages. */
let adminApi: APIRequestContext;
let admin: Page;
let member: Page;
let memberId: string;
const emailOf = emailOfRun('widths');

/** A member signed up and in through the development sign-in; their id. */
const signUp = (request: APIRequestContext, email: string, firstName: string) =>
  signUpMember(request, email, { firstName, lastName: 'Reyes' });

beforeAll(async () => {
  const adminContext = await newContext();
  adminApi = await unlockedAdminOn(adminContext);
  // The payee set, as the other files leave it: the unset state below is then only what withoutGcashPayee makes.
  await setGcashPayee(adminApi);
  admin = await adminContext.newPage();
  const memberContext = await newContext();
  memberId = await signUp(memberContext.request, emailOf('member'), 'Wanda');
  member = await memberContext.newPage();
});

/** Answers `procedure` as the server does, but with the G-CASH payee fields blanked (as before an admin sets them). */
async function withoutGcashPayee(page: Page, procedure: string): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname.startsWith('/trpc/') && decodeURIComponent(url.pathname).includes(procedure);
  await page.route(matches, async (route) => {
    const response = await route.fetch();
    const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, '')).split(',');
    const entries = (await response.json()) as { result?: { data?: Record<string, unknown> } }[];
    paths.forEach((path, index) => {
      const data = entries[index]?.result?.data;
      if (path === procedure && data) Object.assign(data, { gcashNumber: null, gcashName: null });
    });
    await route.fulfill({ response, json: entries });
  });
  return () => page.unroute(matches);
}

describe.each(VIEWPORTS)('at $label width ($width px)', ({ label, width, height }) => {
  beforeAll(async () => {
    await member.setViewportSize({ width, height });
    await admin.setViewportSize({ width, height });
  });

  it("shows a member today's tasks done and the daily limit, and when it resets", async () => {
    const { dailyTaskLimit } = await ok<{ dailyTaskLimit: number }>(member.request.get('/api/vip/status'));
    await member.goto('/tasks');
    await dismissPopup(member);
    await member.getByRole('heading', { level: 1, name: 'Available Tasks' }).waitFor();
    await member.getByText(`0 of ${dailyTaskLimit} tasks today · resets at 00:00 Manila time`, { exact: true }).waitFor();
    await screenshot(member, `tasks-day-line-${label}`);
  });

  it('shows a suspended member the reason from the moment they sign in', async () => {
    const email = emailOf(`suspended-${label}`);
    const context = await newContext({ viewport: { width, height } });
    const id = await signUp(context.request, email, 'Sonia');
    await context.clearCookies();
    const reason = 'Same G-CASH number as 4 other accounts';
    await ok(adminApi.post(`/api/admin/users/${id}/status`, { data: { status: 'suspended', reason } }));

    const page = await context.newPage();
    await signInWithDevForm(page, baseUrl, email);
    await dismissPopup(page);
    const banner = page.getByRole('alert').filter({ hasText: 'Your account is suspended' });
    await banner.getByText(reason, { exact: true }).waitFor();
    await screenshot(page, `suspended-banner-${label}`);
  });

  it('tells a member G-CASH payment is not available while the payee is unset, and warns the admin on the Overview', async () => {
    const restoreMember = await withoutGcashPayee(member, 'vip.paymentDetails');
    const restoreAdmin = await withoutGcashPayee(admin, 'admin.maintenance.settings');
    try {
      await member.goto('/vip');
      await dismissPopup(member);
      // The page says so above the plans, and no plan's G-CASH button leads anywhere.
      await member.getByText('G-CASH payment is not available yet', { exact: true }).waitFor();
      const plan = member.getByRole('row', { name: /^VIP 300 / });
      expect(await plan.getByRole('button', { name: 'Pay with G-CASH' }).isDisabled()).toBe(true);
      await screenshot(member, `gcash-unset-plans-${label}`);

      await admin.goto('/admin-portal');
      await admin
        .getByText('Members cannot pay for VIP plans by G-CASH: set the G-CASH number and account name in System.', {
          exact: true,
        })
        .waitFor();
      await admin.getByRole('link', { name: 'Set the payee in System' }).waitFor();
      await screenshot(admin, `gcash-unset-overview-${label}`);
    } finally {
      await restoreMember();
      await restoreAdmin();
    }
  });

  it('shows the admin panel that the website is switched off for members', async () => {
    await ok(adminApi.post('/api/admin/maintenance', { data: { websiteStatus: 'off' } }));
    try {
      await admin.goto('/admin-portal');
      await admin.getByText('Closed: website off', { exact: true }).first().waitFor();
      // The note beside the switch, followed by its link to the maintenance controls.
      await admin.getByText('The website is switched off, so members see the maintenance page whatever this switch says.').waitFor();
      await admin.getByRole('link', { name: 'Open Maintenance Controls' }).waitFor();
      expect(await admin.getByRole('switch', { name: 'Maintenance Mode' }).getAttribute('aria-checked')).toBe('false');
      await screenshot(admin, `website-off-panel-${label}`);
      // The System area tells the same.
      await admin.goto('/admin/maintenance');
      await expectInView(admin.getByRole('main').getByText('Closed: website off', { exact: true }).first());
      await screenshot(admin, `website-off-monitor-${label}`);
    } finally {
      await ok(adminApi.post('/api/admin/maintenance', { data: { websiteStatus: 'on' } }));
    }
  });

  it('names each member page in the browser tab', async () => {
    const titles: Record<string, string> = {
      '/': 'Dashboard · PesoTasks',
      '/tasks': 'Available Tasks · PesoTasks',
      '/history': 'Transaction History · PesoTasks',
      '/payouts': 'Payouts · PesoTasks',
      '/vip': 'VIP Membership · PesoTasks',
      '/referrals': 'Referrals · PesoTasks',
      '/profile': 'Profile · PesoTasks',
      '/help': 'Help Center · PesoTasks',
    };
    for (const [path, title] of Object.entries(titles)) {
      await member.goto(path);
      await member.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => member.title(), { message: path }).toBe(title);
    }
  });

  it('takes a payout another admin approved first as information, not as an error', async () => {
    await ok(
      adminApi.put(`/api/admin/users/${memberId}/balance`, {
        data: {
          newBalance: '500',
          expectedBalance: (await ok<{ availableBalance: string }>(member.request.get('/api/auth/user'))).availableBalance,
          reason: 'Contest prize',
        },
      }),
    );
    const payout = await ok<{ id: string }>(
      member.request.post('/api/payouts', {
        data: {
          paymentMethod: 'G-CASH',
          amount: '150',
          // A wallet of this run and width: 0917 390 xxxx or 0917 128 xxxx.
          destination: {
            mobile: `0917 ${String(width).slice(0, 3)} ${String(Date.now() % 10_000).padStart(4, '0')}`,
            accountName: 'Maria Santos',
          },
        },
      }),
    );

    await admin.goto('/admin/payouts');
    await admin.getByRole('searchbox', { name: 'Search payouts' }).fill(emailOf('member'));
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const row = admin.getByRole('table', { name: 'Pending payout requests' }).getByRole('row', { name: /Wanda Reyes/ });
    await row.getByRole('button', { name: 'Approve Payout of Wanda Reyes' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve payout?' });
    await confirm.waitFor();

    // Another admin approves it while this one reads the confirmation.
    await ok(adminApi.post(`/api/admin/payout/${payout.id}/status`, { data: { status: 'approved' } }));
    await confirm.getByRole('button', { name: 'Pay ₱150.00' }).click();

    await toastSays(admin, 'Nothing to do');
    await toastSays(admin, 'Already approved');
    expect(await admin.getByText('Error', { exact: true }).count()).toBe(0);
    await screenshot(admin, `payout-already-approved-${label}`);
    // The list reloads without the decided payout.
    await row.waitFor({ state: 'detached' });
  });
});
