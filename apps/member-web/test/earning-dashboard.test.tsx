import { DASHBOARD_FIRST_REQUEST, testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';
import { earning, payoutApproved, payoutRequest, testTasks, testVipStatus } from './earning-fixtures';

const { server, answerWith, inputsOf } = setupTrpcServer();

type Handlers = Parameters<typeof answerWith>[0];

async function openDashboard(handlers: Handlers = {}) {
  answerWith({
    'auth.user': () => ({ data: testUser() }),
    'tasks.list': () => ({ data: testTasks(2) }),
    'transactions.list': () => ({ data: [] }),
    'vip.status': () => ({ data: testVipStatus() }),
    ...handlers,
  });
  renderAt('/');
  await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maria' });
}

const dailyLimitCard = async () => {
  const card = within(await screen.findByRole('region', { name: 'Daily Task Limit' }));
  return { card, bar: card.getByRole('progressbar') };
};

describe('dashboard', () => {
  it('asks for the user, the layout’s data and all of the dashboard’s data in one batched request', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      requests.push(new URL(request.url).pathname);
    });
    await openDashboard();
    await screen.findByRole('progressbar', { name: 'Daily Task Limit' });

    const procedures = (path: string | undefined) => path?.replace('/trpc/', '').split(',').sort();
    // The bell, the chat's unread count and the admins' popups too (docs/architecture.md#what-a-page-loads-first).
    expect(procedures(requests[0])).toEqual(DASHBOARD_FIRST_REQUEST);
    // Nothing of it is asked for a second time once the page shows.
    const later = requests.slice(1).flatMap((path) => procedures(path) ?? []);
    const firstLoad = DASHBOARD_FIRST_REQUEST.filter((procedure) => procedure !== 'maintenance.status');
    expect(later.filter((procedure) => firstLoad.includes(procedure))).toEqual([]);
    expect(inputsOf('transactions.list')).toEqual([{ limit: 4 }]);
    server.events.removeAllListeners();
  });

  it('shows at most three tasks and links to all of them when there are more', async () => {
    await openDashboard({ 'tasks.list': () => ({ data: testTasks(4) }) });

    const tasks = await screen.findByRole('region', { name: 'Available Tasks' });
    expect(await within(tasks).findAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(within(tasks).queryByText('Task number 4')).toBeNull();
    expect(within(tasks).getByRole('link', { name: 'View All Tasks' }).getAttribute('href')).toBe('/tasks');
  });

  it('offers no task at the day’s limit, as the tasks page does', async () => {
    await openDashboard({ 'vip.status': () => ({ data: testVipStatus({ tasksCompletedToday: 5, tasksRemaining: 0 }) }) });

    const tasks = await screen.findByRole('region', { name: 'Available Tasks' });
    expect(await within(tasks).findByText(/New tasks open at 00:00 Manila time/)).toBeTruthy();
    expect(within(tasks).queryByRole('link', { name: 'Start Viewing Website' })).toBeNull();
  });

  it('leaves the link to all tasks out when the three shown are all there are', async () => {
    await openDashboard({ 'tasks.list': () => ({ data: testTasks(3) }) });

    const tasks = await screen.findByRole('region', { name: 'Available Tasks' });
    expect(await within(tasks).findAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(within(tasks).queryByRole('link', { name: 'View All Tasks' })).toBeNull();
  });

  it('lists the latest transactions with their date and time, type, description, status and signed amount', async () => {
    await openDashboard({ 'transactions.list': () => ({ data: [payoutApproved, payoutRequest, earning] }) });

    const table = await screen.findByRole('table', { name: 'Recent transactions' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['Date', 'Type', 'Description', 'Status', 'Amount']);
    const cells = (text: RegExp) =>
      within(within(table).getByRole('row', { name: text }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/Task completed/)).toEqual([
      'Mar 1, 2026, 10:00 AM',
      'Earning',
      'Task completed: View Product PageProof of view',
      'Completed',
      '+₱1.50',
    ]);
    expect(cells(/Payout request/)).toEqual(['Mar 2, 2026, 11:00 AM', 'Payout', 'Payout request (G-CASH)', 'Pending', '-₱150.00']);
    expect(cells(/Payout approved/)).toEqual(['Mar 4, 2026, 1:00 PM', 'Payout Approved', 'Payout approved', 'Approved', '₱150.00']);
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/history');
  });

  it('says so when there are no tasks and no transactions yet', async () => {
    await openDashboard({ 'tasks.list': () => ({ data: [] }) });

    expect(await screen.findByText('No Tasks Available')).toBeTruthy();
    expect(screen.getByText('There are currently no tasks available. Please check back later.')).toBeTruthy();
    expect(await screen.findByText('No transactions found. Complete tasks to earn rewards!')).toBeTruthy();
  });

  it.each([
    { remaining: 0, completed: 5, text: "You've reached your daily task limit" },
    { remaining: 1, completed: 4, text: 'Almost at your daily limit. Consider upgrading your VIP tier for more tasks!' },
  ])('warns with "$text" when $remaining tasks remain', async ({ remaining, completed, text }) => {
    await openDashboard({ 'vip.status': () => ({ data: testVipStatus({ tasksCompletedToday: completed, tasksRemaining: remaining }) }) });

    const { bar, card } = await dailyLimitCard();
    expect(card.getByText(text)).toBeTruthy();
    expect(card.getByText(`${completed} of 5 tasks completed today on the Free plan`)).toBeTruthy();
    expect(bar.getAttribute('aria-valuenow')).toBe(String((completed / 5) * 100));
    expect(card.getByRole('link', { name: 'See VIP plans' }).getAttribute('href')).toBe('/vip');
  });

  it.each([
    { remaining: 5, completed: 0 },
    { remaining: 3, completed: 2 },
    { remaining: 2, completed: 3 },
  ])('gives no hint while $remaining tasks remain (docs/screens.md#the-first-visit)', async ({ remaining, completed }) => {
    await openDashboard({ 'vip.status': () => ({ data: testVipStatus({ tasksCompletedToday: completed, tasksRemaining: remaining }) }) });

    const { card } = await dailyLimitCard();
    expect(card.getByText(`${remaining} tasks remaining`)).toBeTruthy();
    expect(card.queryByText(/daily task limit|Almost at your daily limit/)).toBeNull();
    expect(card.queryByRole('link', { name: 'See VIP plans' })).toBeNull();
  });

  it('shows no warning while five tasks remain', async () => {
    await openDashboard();

    const { bar, card } = await dailyLimitCard();
    expect(card.getByText('5 tasks remaining')).toBeTruthy();
    expect(card.getByText('0% done')).toBeTruthy();
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(card.queryByText(/daily task limit|Almost at your daily limit/)).toBeNull();
  });

  it('writes a limit of one task in the singular', async () => {
    await openDashboard({
      'vip.status': () => ({ data: testVipStatus({ dailyTaskLimit: 1, tasksCompletedToday: 0, tasksRemaining: 1 }) }),
    });

    const { card } = await dailyLimitCard();
    expect(card.getByText('0 of 1 task completed today on the Free plan')).toBeTruthy();
    expect(card.getByText('1 task remaining')).toBeTruthy();
    // The last task left is worth a hint.
    expect(card.getByText('Almost at your daily limit. Consider upgrading your VIP tier for more tasks!')).toBeTruthy();
  });

  it('caps the progress at 100% when more were done than today’s limit allows', async () => {
    // A plan that expired during the day: ten done under VIP, the free limit of five now applies.
    await openDashboard({ 'vip.status': () => ({ data: testVipStatus({ tasksCompletedToday: 10, tasksRemaining: 0 }) }) });

    const { bar, card } = await dailyLimitCard();
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(card.getByText('100% done')).toBeTruthy();
    expect(card.getByText("You've reached your daily task limit")).toBeTruthy();
  });

  it('assumes the free limit of five with five remaining when the VIP status is unknown', async () => {
    await openDashboard({
      'vip.status': () => ({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side.' } }),
    });

    const { card } = await dailyLimitCard();
    expect(card.getByText('0 of 5 tasks completed today')).toBeTruthy();
    expect(card.getByText('5 tasks remaining')).toBeTruthy();
  });

  it('offers to try again when the tasks cannot be loaded', async () => {
    let failing = true;
    await openDashboard({
      'tasks.list': () =>
        failing ? { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side.' } } : { data: testTasks(1) },
    });

    const tasks = await screen.findByRole('region', { name: 'Available Tasks' });
    expect(await within(tasks).findByText('Something went wrong on our side.')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(within(tasks).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(tasks).getByText('Task number 1')).toBeTruthy());
  });
});

describe('the first visit (docs/screens.md#the-first-visit)', () => {
  it('welcomes a member who has never completed a task and gives one next step at their reward', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser({ completedTasks: 0 }) }),
      'tasks.list': () => ({ data: testTasks(2) }),
      'transactions.list': () => ({ data: [] }),
      'vip.status': () => ({ data: testVipStatus() }),
    });
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Maria' })).toBeTruthy();
    const step = within(await screen.findByRole('region', { name: 'Your next step: your first task' }));
    expect(step.getByText('Do “Task number 1” and earn ₱1.00. One tap opens the website and starts the timer.')).toBeTruthy();
    expect(step.getByRole('button', { name: 'Start Viewing Website' })).toBeTruthy();
  });

  it('welcomes a member back without a next step once a task was completed', async () => {
    await openDashboard();

    expect(screen.queryByRole('region', { name: 'Your next step: your first task' })).toBeNull();
  });

  it('welcomes a new member in Filipino', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser({ completedTasks: 0, language: 'fil' }) }),
      'tasks.list': () => ({ data: testTasks(1) }),
      'transactions.list': () => ({ data: [] }),
      'vip.status': () => ({ data: testVipStatus() }),
    });
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Maligayang pagdating, Maria' })).toBeTruthy();
    expect(await screen.findByText(/Gawin ang “Task number 1” at kumita ng ₱1\.00\./)).toBeTruthy();
  });
});
