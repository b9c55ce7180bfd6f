import { messages } from '@app/contracts';
import type { Db } from '@app/db';
import { VIP_PLAN_IDS } from '@app/testkit/fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_IP, type AdminFixtures, adminAppOfFile } from './admin-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let db: Db;
let f: AdminFixtures;

adminAppOfFile('site', {}, (file) => {
  ({ t, db, f } = file);
});

const MAINTENANCE_MESSAGE = 'We are performing scheduled maintenance. Please check back soon.';

describe('maintenance', () => {
  afterEach(async () => {
    await db
      .updateTable('systemSettings')
      .set({ maintenance: false, websiteStatus: 'on', message: MAINTENANCE_MESSAGE, updatedBy: null, updatedAt: null })
      .where('id', '=', 1)
      .execute();
  });

  const lastReason = async () => {
    const rows = await f.logs('update_maintenance');
    return rows.at(-1)?.details.reason;
  };

  it('turns maintenance on: members get 503 with the message, admins and the status calls keep working', async () => {
    const { cookie } = await f.member();
    const on = await f.admin('POST', '/api/admin/maintenance', { enabled: true, reason: '' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ maintenance: true, websiteStatus: 'on', message: 'Maintenance mode updated' });
    expect(await lastReason()).toBe('Scheduled maintenance');
    const [log] = (await f.logs('update_maintenance')).slice(-1);
    expect(log).toMatchObject({ adminId: f.adminId, ipAddress: ADMIN_IP, details: { maintenance: true, websiteStatus: 'on' } });

    const closed = await f.as(cookie, 'GET', '/api/tasks');
    expect(closed.statusCode).toBe(503);
    expect(closed.json()).toEqual({ message: MAINTENANCE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    expect((await f.as(cookie, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await f.admin('GET', '/api/tasks')).statusCode).toBe(200);
    const status = (await f.as(undefined, 'GET', '/api/maintenance-status')).json();
    expect(status).toMatchObject({ maintenance: true, websiteStatus: 'on', lastUpdated: t.clock.now.toISOString() });
    const row = await db.selectFrom('systemSettings').select(['updatedBy']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.updatedBy).toBe(f.adminId);

    const off = await f.admin('POST', '/api/admin/maintenance', { maintenance: false });
    expect(off.json()).toMatchObject({ maintenance: false });
    expect(await lastReason()).toBe('Maintenance completed');
    expect((await f.as(cookie, 'GET', '/api/tasks')).statusCode).toBe(200);
  });

  it('sets the message members see with the switch that closes the site', async () => {
    const { cookie } = await f.member();
    const on = await f.admin('POST', '/api/admin/maintenance', { maintenance: true, message: '  Back at 6 PM.  ' });
    expect(on.statusCode).toBe(200);
    expect((await f.as(cookie, 'GET', '/api/tasks')).json()).toEqual({ message: 'Back at 6 PM.', code: 'SERVICE_UNAVAILABLE' });
    expect((await f.logs('update_maintenance')).at(-1)?.details).toMatchObject({ maintenance: true, message: 'Back at 6 PM.' });
    expect((await f.admin('POST', '/api/admin/maintenance', { maintenance: true, message: ' ' })).statusCode).toBe(400);
    await f.admin('POST', '/api/admin/maintenance', { maintenance: false, message: MAINTENANCE_MESSAGE });
  });

  it('switches the website off and on, with its own default reasons, and keeps a given reason', async () => {
    const { cookie } = await f.member();
    const off = await f.admin('POST', '/api/admin/maintenance', { enabled: false, websiteStatus: 'off', reason: '   ' });
    expect(off.json()).toEqual({ maintenance: false, websiteStatus: 'off', message: 'Maintenance mode updated' });
    expect(await lastReason()).toBe('Website deactivated for maintenance');
    expect((await f.as(cookie, 'GET', '/api/payouts')).statusCode).toBe(503);

    await f.admin('POST', '/api/admin/maintenance', { websiteStatus: 'on' });
    expect(await lastReason()).toBe('Website activated');
    expect((await f.as(cookie, 'GET', '/api/payouts')).statusCode).toBe(200);

    await f.admin('POST', '/api/admin/maintenance', { maintenance: true, reason: 'Database upgrade' });
    expect(await lastReason()).toBe('Database upgrade');
  });

  it.each([
    [{}, 'Please choose maintenance on or off, or a website status'],
    [{ reason: 'Why' }, 'Please choose maintenance on or off, or a website status'],
    [{ enabled: true, maintenance: false }, 'The two maintenance fields disagree'],
    [{ enabled: 'yes' }, 'Maintenance must be true or false'],
    [{ maintenance: 1 }, 'Maintenance must be true or false'],
    [{ websiteStatus: 'maybe' }, 'Website status must be on or off'],
    [{ maintenance: true, reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
  ])('refuses %j with “%s”', async (payload, message) => {
    const response = await f.admin('POST', '/api/admin/maintenance', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('reads and writes the system settings under either name of the flag', async () => {
    const { cookie } = await f.member();
    expect((await f.admin('GET', '/api/admin/system-settings')).json()).toEqual({
      maintenance: false,
      maintenanceMode: false,
      websiteStatus: 'on',
      message: MAINTENANCE_MESSAGE,
      lastUpdated: null,
      gcashNumber: null,
      gcashName: null,
    });
    const on = await f.admin('PUT', '/api/admin/system-settings', { maintenanceMode: true, message: 'Back at 5 pm' });
    expect(on.json()).toEqual({
      maintenance: true,
      maintenanceMode: true,
      websiteStatus: 'on',
      message: 'Back at 5 pm',
      lastUpdated: t.clock.now.toISOString(),
      gcashNumber: null,
      gcashName: null,
    });
    expect((await f.as(cookie, 'GET', '/api/tasks')).json()).toEqual({ message: 'Back at 5 pm', code: 'SERVICE_UNAVAILABLE' });
    const off = await f.admin('PUT', '/api/admin/system-settings', { maintenance: false });
    expect(off.json()).toMatchObject({ maintenance: false, maintenanceMode: false, message: 'Back at 5 pm' });
    expect((await f.as(cookie, 'GET', '/api/tasks')).statusCode).toBe(200);
    expect((await f.logs('update_system_settings')).map((log) => log.details)).toEqual([
      { maintenance: true, message: 'Back at 5 pm' },
      { maintenance: false },
    ]);
  });

  it('keeps the G-CASH payee members pay plans to, which members read and no one else', async () => {
    const { cookie } = await f.member();
    expect((await f.as(cookie, 'GET', '/api/vip/payment-details')).json()).toEqual({ gcashNumber: null, gcashName: null });
    // Without a payee there is no one to pay: a plan cannot be asked for by G-CASH.
    const ask = () => f.as(cookie, 'POST', '/api/vip/upgrade', { vipTier: 'VIP300', paymentInfo: { transactionProof: '7770001112223' } });
    const closed = await ask();
    expect({ status: closed.statusCode, body: closed.json() }).toEqual({
      status: 409,
      body: { message: messages.vip.gcashUnavailable, code: 'CONFLICT' },
    });
    const set = await f.admin('PUT', '/api/admin/system-settings', { gcashNumber: '0917-123 4567', gcashName: ' PesoTasks Inc. ' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.', maintenance: false });
    expect((await f.as(cookie, 'GET', '/api/vip/payment-details')).json()).toEqual({
      gcashNumber: '09171234567',
      gcashName: 'PesoTasks Inc.',
    });
    expect((await ask()).json()).toMatchObject({ vipPendingApproval: true, pendingVipTier: 'VIP300' });
    expect((await t.app.inject({ method: 'GET', url: '/api/vip/payment-details' })).statusCode).toBe(401);
    expect((await f.as(cookie, 'PUT', '/api/admin/system-settings', { gcashNumber: '09999999999' })).statusCode).toBe(403);
    expect((await f.logs('update_system_settings')).at(-1)?.details).toEqual({ gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.' });
  });

  it.each([
    [{}, 'Please choose maintenance on or off, a message, or the G-CASH payee'],
    [{ gcashNumber: '0917123456' }, 'Enter the 11-digit G-CASH number, starting 09'],
    [{ gcashNumber: '19171234567' }, 'Enter the 11-digit G-CASH number, starting 09'],
    [{ gcashNumber: '+639171234567' }, 'Enter the 11-digit G-CASH number, starting 09'],
    [{ gcashNumber: 9171234567 }, 'Enter the 11-digit G-CASH number, starting 09'],
    [{ gcashName: ' ' }, 'Enter the name on the G-CASH account'],
    [{ gcashName: 'x'.repeat(81) }, 'The G-CASH account name must be at most 80 characters'],
    [{ maintenance: true, maintenanceMode: false }, 'The two maintenance fields disagree'],
    [{ maintenanceMode: 'on' }, 'Maintenance must be true or false'],
    [{ message: '  ' }, 'The maintenance message cannot be empty'],
    [{ message: 'x'.repeat(501) }, 'The maintenance message must be at most 500 characters'],
  ])('refuses settings %j with “%s”', async (payload, message) => {
    const response = await f.admin('PUT', '/api/admin/system-settings', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });
});

describe('VIP plan settings', () => {
  const restore = { price: '400', dailyTaskLimit: 10, taskReward: '3.66', validityDays: 15, isActive: true };
  afterEach(async () => {
    await f.admin('POST', '/api/admin/quick-update-plan/VIP400', restore);
  });

  it('lists every plan with its terms', async () => {
    const plans = (await f.admin('GET', '/api/admin/quick-plan-settings')).json();
    expect(plans.map((plan: { id: string }) => plan.id)).toEqual(VIP_PLAN_IDS);
    expect(plans[0]).toEqual({
      id: 'VIP300',
      planName: 'VIP 300',
      price: '300.00',
      dailyTaskLimit: 10,
      taskReward: '2.66',
      validityDays: 15,
      isActive: true,
    });
  });

  it('edits the terms and rewrites the benefits; a member already on the plan keeps theirs', async () => {
    const runner = await f.member({ balance: 40_000 });
    await f.as(runner.cookie, 'POST', '/api/vip/upgrade-with-earnings', { vipTier: 'VIP400' });

    const edited = await f.admin('POST', '/api/admin/quick-update-plan/VIP400', {
      price: '450.50',
      dailyTaskLimit: '12',
      taskReward: 4,
      validityDays: 20,
      isActive: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      id: 'VIP400',
      planName: 'VIP 400',
      price: '450.50',
      dailyTaskLimit: 12,
      taskReward: '4.00',
      validityDays: 20,
      isActive: true,
    });
    const shopper = await f.member();
    const onSale = (await f.as(shopper.cookie, 'GET', '/api/vip/plans')).json().find((plan: { id: string }) => plan.id === 'VIP400');
    expect(onSale).toMatchObject({
      price: '450.50',
      duration: 20,
      dailyTaskLimit: 12,
      rewardPerTask: '4.00',
      benefits: ['12 tasks every day', '₱4.00 for every completed task', 'Valid for 20 days', 'Priority support'],
    });
    expect((await f.as(runner.cookie, 'GET', '/api/vip/status')).json()).toMatchObject({ vipTier: 'VIP400', dailyTaskLimit: 10 });

    const [log] = (await f.logs('update_vip_plan', 'VIP400')).slice(-1);
    expect(log).toMatchObject({
      ipAddress: ADMIN_IP,
      details: { before: { price: '400.00' }, after: { price: '450.50', dailyTaskLimit: 12 } },
    });
  });

  it('disables and enables a plan; a blank whole number becomes 0', async () => {
    const shopper = await f.member({ balance: 50_000 });
    const disabled = await f.admin('POST', '/api/admin/quick-update-plan/VIP400', { isActive: false });
    expect(disabled.json()).toMatchObject({ isActive: false, price: '400.00', dailyTaskLimit: 10 });
    const plans = (await f.as(shopper.cookie, 'GET', '/api/vip/plans')).json().map((plan: { id: string }) => plan.id);
    expect(plans).not.toContain('VIP400');
    const refused = await f.as(shopper.cookie, 'POST', '/api/vip/upgrade-with-earnings', { vipTier: 'VIP400' });
    expect(refused.json().message).toBe('This VIP plan is not available');

    const blank = await f.admin('POST', '/api/admin/quick-update-plan/VIP400', { dailyTaskLimit: '', isActive: true });
    expect(blank.json()).toMatchObject({ dailyTaskLimit: 0, isActive: true });
  });

  it.each([
    [{ price: 0 }, 'Price must be greater than 0 with at most 2 decimals'],
    [{ price: '' }, 'Price must be greater than 0 with at most 2 decimals'],
    [{ price: '1.001' }, 'Use at most 2 decimal places'],
    [{ price: '-5' }, 'Price must be greater than 0 with at most 2 decimals'],
    [{ taskReward: -1 }, 'Task reward must be a number of at least 0 with at most 2 decimals'],
    [{ taskReward: '2e2' }, 'Task reward must be a number of at least 0 with at most 2 decimals'],
    [{ dailyTaskLimit: 1.5 }, 'Daily task limit must be a whole number from 0 to 1000'],
    [{ dailyTaskLimit: '-1' }, 'Daily task limit must be a whole number from 0 to 1000'],
    [{ dailyTaskLimit: 1001 }, 'Daily task limit must be a whole number from 0 to 1000'],
    [{ validityDays: 'abc' }, 'Validity days must be a whole number from 0 to 3650'],
    [{ validityDays: 99_999_999_999 }, 'Validity days must be a whole number from 0 to 3650'],
    [{ isActive: 'yes' }, 'Active must be true or false'],
    [{}, 'Nothing to update'],
  ])('refuses %j with “%s”', async (payload, message) => {
    const response = await f.admin('POST', '/api/admin/quick-update-plan/VIP400', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('answers 404 for an unknown plan', async () => {
    const response = await f.admin('POST', '/api/admin/quick-update-plan/VIP999', { isActive: false });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('VIP plan not found');
  });
});

describe('tasks', () => {
  const newTask = { title: 'Visit Sponsor', description: 'Look around', url: 'https://example.com/sponsor', reward: '3.50' };

  it('creates a task that FREE members see with its reward, and lists it for admins', async () => {
    const created = await f.admin('POST', '/api/admin/tasks', { ...newTask, requiredVipTier: '' });
    expect(created.statusCode).toBe(200);
    const task = created.json();
    expect(task).toEqual({
      id: expect.any(String),
      ...newTask,
      requiredVipTier: null,
      isActive: true,
      createdAt: t.clock.now.toISOString(),
      updatedAt: t.clock.now.toISOString(),
    });
    const { cookie } = await f.member();
    expect((await f.as(cookie, 'GET', '/api/tasks')).json()).toContainEqual({
      id: task.id,
      title: 'Visit Sponsor',
      description: 'Look around',
      url: 'https://example.com/sponsor',
      reward: '3.50',
      requiredVipTier: null,
    });
    expect((await f.admin('GET', '/api/admin/tasks')).json()).toContainEqual(task);
    const [log] = await f.logs('create_task', task.id);
    expect(log).toMatchObject({ ipAddress: ADMIN_IP, details: { title: 'Visit Sponsor', reward: '3.50' } });
  });

  it('keeps a task for one plan from FREE members, and FREE means every tier', async () => {
    const { cookie } = await f.member();
    const vipOnly = (await f.admin('POST', '/api/admin/tasks', { ...newTask, title: 'VIP Survey', requiredVipTier: 'VIP500' })).json();
    const forAll = (await f.admin('POST', '/api/admin/tasks', { ...newTask, title: 'Open Survey', requiredVipTier: 'FREE' })).json();
    expect(vipOnly.requiredVipTier).toBe('VIP500');
    expect(forAll.requiredVipTier).toBeNull();
    const visible = (await f.as(cookie, 'GET', '/api/tasks')).json().map((task: { id: string }) => task.id);
    expect(visible).toContain(forAll.id);
    expect(visible).not.toContain(vipOnly.id);
  });

  it('disables, edits and enables a task; members see each change', async () => {
    const { cookie } = await f.member();
    const task = (await f.admin('POST', '/api/admin/tasks', { ...newTask, title: 'Toggle Me' })).json();

    const off = await f.admin('PUT', `/api/admin/tasks/${task.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ id: task.id, isActive: false, title: 'Toggle Me', reward: '3.50' });
    expect((await f.as(cookie, 'GET', '/api/tasks')).json().map((x: { id: string }) => x.id)).not.toContain(task.id);
    expect((await f.as(cookie, 'POST', `/api/tasks/${task.id}/start`, {})).statusCode).toBe(404);
    expect((await f.admin('GET', '/api/admin/tasks')).json().find((x: { id: string }) => x.id === task.id).isActive).toBe(false);

    const edited = await f.admin('PUT', `/api/admin/tasks/${task.id}`, {
      title: 'Toggled',
      reward: 5,
      isActive: true,
      url: 'http://example.org/x',
    });
    expect(edited.json()).toMatchObject({
      title: 'Toggled',
      reward: '5.00',
      isActive: true,
      url: 'http://example.org/x',
      description: 'Look around',
    });
    expect((await f.as(cookie, 'GET', '/api/tasks')).json()).toContainEqual(expect.objectContaining({ id: task.id, reward: '5.00' }));
    expect((await f.logs('update_task', task.id)).map((log) => log.details)).toEqual([
      { isActive: false },
      { title: 'Toggled', reward: '5.00', isActive: true, url: 'http://example.org/x' },
    ]);
  });

  it.each([
    [{ ...newTask, title: ' ' }, 'Title is required'],
    [{ ...newTask, title: undefined }, 'Title is required'],
    [{ ...newTask, title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ ...newTask, url: 'javascript:alert(1)' }, 'Please enter a valid http(s) URL'],
    [{ ...newTask, url: 'ftp://example.com/file' }, 'Please enter a valid http(s) URL'],
    [{ ...newTask, url: '//example.com' }, 'Please enter a valid http(s) URL'],
    [{ ...newTask, url: 'https://' }, 'Please enter a valid http(s) URL'],
    [{ ...newTask, url: undefined }, 'Please enter a valid http(s) URL'],
    [{ ...newTask, reward: undefined }, 'Reward is required'],
    [{ ...newTask, reward: 0 }, 'Reward must be greater than 0 with at most 2 decimals'],
    [{ ...newTask, reward: '1.234' }, 'Use at most 2 decimal places'],
    [{ ...newTask, requiredVipTier: 'VIP999' }, 'Required VIP tier must be FREE or one of the VIP plans'],
    [{ ...newTask, isActive: 'no' }, 'Active must be true or false'],
  ])('refuses to create %j with “%s”', async (payload, message) => {
    const response = await f.admin('POST', '/api/admin/tasks', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('refuses an empty edit and answers 404 for an unknown task', async () => {
    const task = (await f.admin('POST', '/api/admin/tasks', newTask)).json();
    expect((await f.admin('PUT', `/api/admin/tasks/${task.id}`, {})).json()).toEqual({ message: 'Nothing to update', code: 'BAD_REQUEST' });
    const unknown = await f.admin('PUT', '/api/admin/tasks/no-task', { isActive: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Task not found');
  });
});

describe('the task and popup lists, a page at a time', () => {
  const lists = [
    {
      path: '/api/admin/tasks',
      create: (title: string) => ({ title, description: 'Paged', url: 'https://example.com/paged', reward: '1.00' }),
    },
    { path: '/api/admin/popups', create: (title: string) => ({ title, content: 'Paged content' }) },
  ];

  it.each(lists)('$path: newest first, one page with its total on request, else the array with X-Total-Count', async ({ path, create }) => {
    const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
    const before = (await f.admin('GET', `${path}?pageSize=1`)).json().total as number;
    const start = t.clock.now.getTime();
    for (const [index, title] of ['Paged one', 'Paged two', 'Paged three'].entries()) {
      t.clock.now = new Date(start + (index + 1) * 60_000);
      expect((await f.admin('POST', path, create(title))).statusCode).toBe(200);
    }

    const first = (await f.admin('GET', `${path}?page=1&pageSize=2`)).json();
    expect({ ...first, items: titles(first.items) }).toEqual({ items: ['Paged three', 'Paged two'], total: before + 3 });
    expect(titles((await f.admin('GET', `${path}?page=2&pageSize=2`)).json().items)[0]).toBe('Paged one');
    // Only `page`: the admins' page of 50.
    expect((await f.admin('GET', `${path}?page=1`)).json().items).toHaveLength(Math.min(50, before + 3));
    const all = await f.admin('GET', path);
    expect({ total: all.headers['x-total-count'], first: titles(all.json()).slice(0, 3) }).toEqual({
      total: String(before + 3),
      first: ['Paged three', 'Paged two', 'Paged one'],
    });

    for (const [query, message] of [
      ['page=0', messages.common.pageInvalid],
      ['page=abc', messages.common.pageInvalid],
      ['pageSize=500', messages.common.pageSizeInvalid],
      ['pageSize=-1', messages.common.pageSizeInvalid],
    ]) {
      const refused = await f.admin('GET', `${path}?${query}`);
      expect({ status: refused.statusCode, message: refused.json().message }, query).toEqual({ status: 400, message });
    }
  });

  it.each(lists)('$path: refused to members and to the signed out', async ({ path }) => {
    const { cookie } = await f.member();
    expect((await f.as(cookie, 'GET', `${path}?page=1`)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${path}?page=1` })).statusCode).toBe(401);
  });
});
