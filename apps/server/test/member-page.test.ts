import { brotliDecompressSync } from 'node:zlib';
import { FIRST_ANSWERS_ID, type FirstAnswers, firstQueriesOf } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures } from './admin-fixtures';
import { insertTask, openGcashPayments, signIn, startTestApp, type TestApp } from './helpers';

/*
 * A signed-in member's page (docs/architecture.md#what-a-page-loads-first): the server writes in the answer
 * `auth.user` would give and the live feed's position, and on the dashboard the member's greeting where the
 * shell has the heading's skeleton, so the first screen paints from the HTML. Anyone else gets the built page.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** A member's page once they chose `language` (docs/architecture.md#two-languages: it wins over the cookie). */
async function pageIn(language: 'en' | 'fil', url: string, cookie: string) {
  const chosen = await t.app.inject({ method: 'POST', url: '/api/profile/language', headers: { cookie }, payload: { language } });
  expect(chosen.statusCode).toBe(200);
  return page(url, { cookie });
}
const GREETING = /<h1 class="[^"]*">([^<]*)<\/h1>/;
const ANSWERS = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`);

describe('a signed-in member’s page', () => {
  it('carries the answer auth.user gives and the live position, kept by the member’s browser only', async () => {
    const cookie = await signIn(t.app, 'unang-pahina@example.com', { firstName: 'Maria' });
    const response = await page('/', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toMatch(/Cookie/);
    const answers = JSON.parse(ANSWERS.exec(response.body)?.[1] ?? 'null');
    expect(answers.user).toEqual((await page('/api/auth/user', { cookie })).json());
    expect(answers.position).toEqual(expect.any(String));
    // A new member is welcomed, by name, in the heading the dashboard renders.
    expect(GREETING.exec(response.body)?.[1]).toBe('Welcome, Maria');
  });

  it('carries the answers of the page’s first queries, each as its call gives it', async () => {
    const cookie = await signIn(t.app, 'unang-sagot@example.com', { firstName: 'Rosa' });
    const answersOn = async (url: string) => JSON.parse(ANSWERS.exec((await page(url, { cookie })).body)?.[1] ?? 'null') as FirstAnswers;

    const dashboard = await answersOn('/');
    expect(dashboard.answers.map(({ path, input, infinite }) => ({ path, input, infinite }))).toEqual(firstQueriesOf('/'));
    for (const { path, input, data } of dashboard.answers) {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const call = await page(`/trpc/${path}${query}`, { cookie });
      expect(call.statusCode, path).toBe(200);
      expect(data, path).toEqual(call.json().result.data);
    }
    // Another page carries the shell's answers only: its own queries are its loader's.
    expect((await answersOn('/tasks')).answers.map((answer) => answer.path)).toEqual(firstQueriesOf('/tasks').map((query) => query.path));
    expect(firstQueriesOf('/tasks').some((query) => query.path === 'tasks.list')).toBe(false);
  });

  it('greets in the member’s language, and paints the greeting on the dashboard only', async () => {
    const cookie = await signIn(t.app, 'wika-pahina@example.com', { firstName: 'Juan' });
    // The member reads English (stored at their first sign-in); a browser whose cookie says Filipino (it read the
    // landing page in Filipino) still gets the English page, as the app then shows it.
    const cookieSaysFilipino = await page('/', { cookie: `${cookie}; lang=fil` });
    expect(cookieSaysFilipino.body).toContain('<html lang="en">');
    expect(GREETING.exec(cookieSaysFilipino.body)?.[1]).toBe('Welcome, Juan');

    const filipino = await pageIn('fil', '/', `${cookie}; lang=en`);
    expect(filipino.body).toContain('<html lang="fil">');
    expect(GREETING.exec(filipino.body)?.[1]).toBe('Maligayang pagdating, Juan');

    const tasks = await page('/tasks', { cookie });
    expect(ANSWERS.test(tasks.body)).toBe(true);
    expect(GREETING.test(tasks.body)).toBe(false);
  });

  it('writes a name as text: markup and replacement patterns in it stay inert', async () => {
    const name = `</script><img src=x onerror=alert(1)> $& $' $\``;
    const cookie = await signIn(t.app, 'pangalan@example.com', { firstName: name });
    const { body } = await page('/', { cookie });
    expect(body).not.toContain('<img src=x');
    expect(body.match(/<\/script>/g)?.length).toBe(body.match(/<script/g)?.length);
    expect(GREETING.exec(body)?.[1]).toBe('Welcome, &#60;/script&#62;&#60;img src=x onerror=alert(1)&#62; $&#38; $&#39; $`');
    expect(JSON.parse(ANSWERS.exec(body)?.[1] ?? 'null').user.firstName).toBe(name);
  });

  it('paints the first tasks on the dashboard as it lists them, their words as text, in the member’s language', async () => {
    const cookie = await signIn(t.app, 'unang-gawain@example.com', { firstName: 'Lito' });
    const before = await page('/', { cookie });
    // No task yet: the tasks' skeleton stays, and the app shows the empty state.
    expect(before.body).not.toContain('id="dashboard-tasks"');

    const listed = Date.now() - 60_000;
    const tasks = [
      {
        title: 'Read <b>Partner</b> $& Page',
        description: 'Look through a partner page </script><img src=x onerror=alert(1)>.',
        reward: 150,
      },
      { title: 'Visit Blog', description: 'Read the newest article.', reward: 120 },
      { title: 'Explore Deals', description: "Browse this week's offers.", reward: 12_345 },
      { title: 'Fourth Task', description: 'Not on the dashboard: it shows three.', reward: 100 },
    ];
    for (const [index, task] of tasks.entries()) {
      await insertTask(t.database.db, { ...task, url: 'https://example.com/', createdAt: new Date(listed + index * 1000) });
    }
    const { body } = await page('/', { cookie });
    const heading = /<h3 data-admin-text="true" class="[^"]*">([^<]*)<\/h3>/g;
    expect([...body.matchAll(heading)].map((match) => match[1])).toEqual([
      'Read &#60;b&#62;Partner&#60;/b&#62; $&#38; Page',
      'Visit Blog',
      'Explore Deals',
    ]);
    expect(body).toContain('Look through a partner page &#60;/script&#62;&#60;img src=x onerror=alert(1)&#62;.');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('Reward: ₱123.45');
    expect(body).not.toContain('>Fourth Task<');
    expect(body).not.toMatch(/%TASK_[A-Z]+%/);
    expect(body).toContain('>Available Tasks</h2>');
    // Four tasks, three shown: the link on to all of them is in the heading's row, as the app has it.
    expect(body).toMatch(/<a [^>]*href="\/tasks"[^>]*>View All Tasks<svg/);
    // Each card with its state in words, where the page has a button a skeleton: nothing can start before the app.
    expect(body.match(/>Active</g)?.length).toBe(3);

    // A new member's next step above the figures, as the app shows it: the first task at its reward, its words as text.
    expect(before.body).not.toContain('id="first-step-title"');
    expect(body).toContain('>Your next step: your first task</h2>');
    expect(body).toContain('Do “Read &#60;b&#62;Partner&#60;/b&#62; $&#38; Page” and earn ₱1.50.');
    expect(body.indexOf('id="first-step-title"')).toBeLessThan(body.indexOf('aria-label="Your earnings"'));

    const filipino = await pageIn('fil', '/', cookie);
    expect(filipino.body).toContain('>Ang susunod mong gagawin: ang una mong task</h2>');
    expect(filipino.body).toContain('>Mga available na task</h2>');
    expect([...filipino.body.matchAll(heading)].map((match) => match[1])).toHaveLength(3);
    // Another page is not the dashboard: no tasks painted there.
    expect((await page('/tasks', { cookie })).body).not.toContain('id="dashboard-tasks"');

    // One task done: welcomed back, with no next step.
    const [first] = (await t.app.inject({ url: '/api/tasks', headers: { cookie } })).json() as { id: string }[];
    expect((await t.app.inject({ method: 'POST', url: `/api/tasks/${first?.id}/start`, headers: { cookie } })).statusCode).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 25_000);
    const completed = await t.app.inject({ url: `/api/tasks/${first?.id}/redirect-complete`, headers: { cookie } });
    expect(completed.json()).toMatchObject({ success: true });
    expect((await page('/', { cookie })).body).not.toContain('id="first-step-title"');
  });

  it('paints the member’s figures on the dashboard as the app shows them, in the member’s language', async () => {
    // An opening balance of ₱1,234.50, with its ledger row.
    const { cookie } = await (await adminFixtures(t, 'figures')).member({ balance: 123_450, firstName: 'Nena' });

    const figure = (body: string, label: string) => new RegExp(`>${label}</p>.*?<p class="[^"]*">([^<]*)</p>`).exec(body)?.[1];
    const { body } = await page('/', { cookie });
    expect(body).toContain('aria-label="Your earnings"');
    expect(figure(body, 'Available Balance')).toBe('₱1,234.50');
    expect(figure(body, 'Completed Tasks')).toBe('0');
    expect(figure(body, 'Payout Completed')).toBe('₱0.00');
    expect(body).toContain('Pending: ₱0.00');
    expect(body).not.toMatch(/%[A-Z_]+%/);
    // The labels' ids are the figures' own: each labels one card, and no other element has it.
    const ids = [...body.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);

    const filipino = await pageIn('fil', '/', cookie);
    expect(figure(filipino.body, 'Available balance')).toBe('₱1,234.50');
    // Another page is not the dashboard: its figures are the app's own.
    expect((await page('/payouts', { cookie })).body).not.toContain('₱1,234.50');
  });

  it('paints a payout hold and a waiting VIP request above the figures as the app shows them, in the member’s language', async () => {
    await openGcashPayments(t);
    const f = await adminFixtures(t, 'notices');
    const applicant = await f.vipApplicant('VIP300');
    const held = await f.admin('POST', `/api/admin/users/${applicant.id}/payout-hold`, {
      hold: true,
      reason: 'Shares a <b>G-CASH</b> $& number',
    });
    expect(held.json()).toMatchObject({ userId: applicant.id });

    const { body } = await page('/', { cookie: applicant.cookie });
    expect(body).toContain('>Your payouts are on hold</div>');
    expect(body).toContain('>Shares a &#60;b&#62;G-CASH&#60;/b&#62; $&#38; number</p>');
    expect(body).toMatch(/>Since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}.(AM|PM)\. New payout requests wait/);
    expect(body).toContain('Your VIP membership upgrade to VIP 300 is pending admin approval.');
    expect(body).toMatch(new RegExp(`>Reference ${applicant.proof}, sent [A-Z][a-z]{2} \\d{1,2}, \\d{4}, `));
    expect(body).not.toMatch(/%(HOLD|VIP)_[A-Z]+%/);
    // In the app's order: the hold, the request, then the figures.
    const at = (text: string) => body.indexOf(text);
    expect(at('on hold')).toBeLessThan(at('id="vip-pending"'));
    expect(at('id="vip-pending"')).toBeLessThan(at('aria-label="Your earnings"'));

    const filipino = (await pageIn('fil', '/', applicant.cookie)).body;
    expect(filipino).toContain('>Naka-hold ang mga payout mo</div>');
    expect(filipino).toContain('>Hinihintay ang VIP approval</div>');
    expect(filipino).toContain(`>Reference ${applicant.proof}, ipinadala noong `);
  });

  it('paints a suspended account’s notice above every page’s content as the app shows it, its reason as text', async () => {
    const f = await adminFixtures(t, 'suspended');
    const member = await f.member({ firstName: 'Dado' });
    const title = '>Your account is suspended</div>';
    expect((await page('/', { cookie: member.cookie })).body).not.toContain(title);

    const reason = 'Five accounts on one <b>device</b> $& %HOLD_SINCE%';
    expect((await f.admin('POST', `/api/admin/users/${member.id}/status`, { status: 'suspended', reason })).statusCode).toBe(200);
    const { body } = await page('/', { cookie: member.cookie });
    expect(body).toContain(title);
    expect(body).toContain('>Five accounts on one &#60;b&#62;device&#60;/b&#62; $&#38; %HOLD_SINCE%</p>');
    expect(body).toContain('You can still see your balance and history');
    // Above the page: before the greeting, which is still painted.
    expect(body.indexOf(title)).toBeLessThan(body.search(GREETING));
    expect(GREETING.exec(body)?.[1]).toBe('Welcome, Dado');

    // Every page, not the dashboard alone, in the member's language; above the heading's skeleton there.
    const payouts = (await pageIn('fil', '/payouts', member.cookie)).body;
    expect(payouts).toContain('>Naka-suspend ang account mo</div>');
    expect(payouts).toContain('>Five accounts on one &#60;b&#62;device&#60;/b&#62; $&#38; %HOLD_SINCE%</p>');
    const notice = payouts.indexOf('Naka-suspend');
    expect(notice).toBeGreaterThan(payouts.indexOf('<main'));
    expect(notice).toBeLessThan(payouts.indexOf('h-9 w-64'));

    // Without a reason (an account suspended before a reason was asked for), the notice without its line.
    await t.database.db.updateTable('users').set({ statusReason: null }).where('id', '=', member.id).execute();
    const unexplained = (await pageIn('en', '/tasks', member.cookie)).body;
    expect(unexplained).toContain(title);
    expect(unexplained).not.toContain('Five accounts');
    expect(unexplained).not.toMatch(/%[A-Z_]+%/);
  });

  it('goes out compressed when the browser accepts it', async () => {
    const cookie = await signIn(t.app, 'siksik@example.com', { firstName: 'Ana' });
    const plain = await page('/', { cookie });
    const compressed = await page('/', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toMatch(/Welcome, Ana/);
  });
});

describe('anyone else’s page', () => {
  it('is the built page: a visitor’s landing page, and for an ended session the shell, its cookie cleared', async () => {
    const visitor = await page('/');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(ANSWERS.test(visitor.body)).toBe(false);

    const ended = await page('/', { cookie: 'session=not-a-session' });
    expect(ended.statusCode).toBe(200);
    expect(ANSWERS.test(ended.body)).toBe(false);
    expect(GREETING.test(ended.body)).toBe(false);
    expect(String(ended.headers['set-cookie'])).toMatch(/^session=;/);
  });
});
