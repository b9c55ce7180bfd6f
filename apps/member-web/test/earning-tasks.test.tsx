import { testUser } from '@app/testkit/fixtures';
import { failProcedure } from '@app/testkit/trpc-batch';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../src/app';
import { createAppRouter } from '../src/router';
import { setupTrpcServer } from './app-harness';
import { testTask, testTasks, testVipStatus } from './earning-fixtures';

const { server, answerWith, inputsOf } = setupTrpcServer();

type Handlers = Parameters<typeof answerWith>[0];

/** Renders the app at `path` and returns its router, to read where it ended up. */
function openTasks(path = '/tasks', handlers: Handlers = {}) {
  answerWith({ 'auth.user': () => ({ data: testUser() }), 'tasks.list': () => ({ data: [testTask()] }), ...handlers });
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  render(<App router={router} />);
  return router;
}

/** The server's answer to a start: the view is recorded and lasts `durationSeconds`. */
const started = (durationSeconds: number) => ({
  viewId: 'view-1',
  startedAt: new Date().toISOString(),
  durationSeconds,
  collected: null,
});

const card = async (title: string) => within(await screen.findByRole('group', { name: title }));

/** A view started in the task browser that ends `secondsFromNow` from now (negative: already over). */
function viewInProgress(secondsFromNow: number) {
  sessionStorage.setItem(
    'openTaskViews',
    JSON.stringify([{ userId: testUser().id, taskId: 'task-1', endsAt: Date.now() + secondsFromNow * 1000 }]),
  );
}

/** Opens the tasks page on a view of the first task that is already over, and presses `button` on its card; returns the card. */
async function pressOnFinishedView(button: string, handlers: Handlers) {
  viewInProgress(-1);
  openTasks('/tasks', handlers);
  const task = await card('View Product Page');
  await userEvent.setup().click(task.getByRole('button', { name: button }));
  return task;
}

describe('the day’s limit on the tasks page', () => {
  it('says how many of today’s tasks are done before one is started', async () => {
    openTasks('/tasks', {
      'vip.status': () => ({ data: testVipStatus({ dailyTaskLimit: 10, tasksCompletedToday: 8, tasksRemaining: 2 }) }),
    });
    expect(await screen.findByText('8 of 10 tasks today · resets at 00:00 Manila time')).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'View Product Page' })).toBeTruthy();
  });

  it('offers no task at the limit, and says when new ones open', async () => {
    openTasks('/tasks', {
      'vip.status': () => ({ data: testVipStatus({ dailyTaskLimit: 5, tasksCompletedToday: 5, tasksRemaining: 0 }) }),
    });
    expect(await screen.findByText("You've reached your daily task limit")).toBeTruthy();
    expect(screen.getByText(/New tasks open at 00:00 Manila time/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Viewing Website' })).toBeNull();
  });
});

describe('tasks page', () => {
  it('shows each task with its Active badge, description, reward and its start button', async () => {
    openTasks();

    expect(await screen.findByRole('heading', { level: 1, name: 'Available Tasks' })).toBeTruthy();
    expect(screen.getByText('Complete tasks to earn rewards. All tasks are verified and safe.')).toBeTruthy();
    const task = await card('View Product Page');
    expect(task.getByText('Active')).toBeTruthy();
    expect(task.getByText('Look through a partner product page and its photos.')).toBeTruthy();
    expect(task.getByText('Reward: ₱1.50')).toBeTruthy();
    expect(task.getByRole('button', { name: 'Start Viewing Website' })).toBeTruthy();
  });

  it('starts a task in one tap: the site opens in a new tab in the click, the server records the view and the card counts down', async () => {
    const tab = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const windowOpen = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    try {
      openTasks('/tasks', { 'tasks.start': () => ({ data: started(20) }) });

      const task = await card('View Product Page');
      await userEvent.setup().click(task.getByRole('button', { name: 'Start Viewing Website' }));

      expect(windowOpen).toHaveBeenCalledWith('about:blank', '_blank');
      expect(tab.location.href).toBe('https://example.com/products');
      expect(tab.opener).toBeNull();
      expect(inputsOf('tasks.start')).toEqual([{ id: 'task-1' }]);
      expect(await task.findByText('Waiting for Website View')).toBeTruthy();
      expect(Number.parseInt(task.getByRole('timer').textContent ?? '', 10)).toBeGreaterThan(15);
      expect(task.getByRole('link', { name: 'Open the website' }).getAttribute('href')).toBe('https://example.com/products');
      expect(tab.close).not.toHaveBeenCalled();
    } finally {
      windowOpen.mockRestore();
    }
  });

  it('closes the tab again and says why when the server refuses the start', async () => {
    const tab = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const windowOpen = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    try {
      openTasks('/tasks', {
        'tasks.start': () => ({
          error: { code: 'FORBIDDEN', message: 'You have reached your daily task limit. Please try again tomorrow.' },
        }),
      });

      const task = await card('View Product Page');
      await userEvent.setup().click(task.getByRole('button', { name: 'Start Viewing Website' }));

      expect(await screen.findByText('You have reached your daily task limit. Please try again tomorrow.')).toBeTruthy();
      expect(tab.close).toHaveBeenCalled();
      expect(task.getByRole('button', { name: 'Start Viewing Website' })).toBeTruthy();
      expect(sessionStorage.getItem('openTaskViews')).toBeNull();
    } finally {
      windowOpen.mockRestore();
    }
  });

  it('forgets a finished view the refused start credited, and says what was added', async () => {
    viewInProgress(-1);
    const refusal =
      '₱1.50 for the task you finished earlier was added to your balance. That was your last task for today: please come back tomorrow.';
    const windowOpen = vi.spyOn(window, 'open').mockImplementation(() => null);
    try {
      openTasks('/tasks', {
        'tasks.list': () => ({ data: [testTask(), testTask({ id: 'task-2', title: 'Read Blog' })] }),
        'tasks.start': () => ({
          error: { code: 'FORBIDDEN', message: refusal, details: { collectedTaskId: 'task-1', collectedReward: '1.50' } },
        }),
      });

      await (await card('View Product Page')).findByText('Timer Completed!');
      await userEvent.setup().click((await card('Read Blog')).getByRole('button', { name: 'Start Viewing Website' }));

      expect(await screen.findByText(refusal)).toBeTruthy();
      expect((await card('View Product Page')).getByRole('button', { name: 'Start Viewing Website' })).toBeTruthy();
      expect(sessionStorage.getItem('openTaskViews')).toBeNull();
    } finally {
      windowOpen.mockRestore();
    }
  });

  it('marks the tasks done today in words and lists them last', async () => {
    openTasks('/tasks', {
      'tasks.list': () => ({ data: testTasks(3) }),
      'vip.status': () => ({ data: testVipStatus({ tasksCompletedToday: 1, tasksRemaining: 4, tasksDoneToday: ['task-1'] }) }),
    });

    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2, name: /Task number/ }).map((heading) => heading.textContent)).toEqual([
        'Task number 2',
        'Task number 3',
        'Task number 1',
      ]),
    );
    expect((await card('Task number 1')).getByText('Done today')).toBeTruthy();
    expect((await card('Task number 2')).queryByText('Done today')).toBeNull();
  });

  it('shows every task, not only the dashboard’s three', async () => {
    openTasks('/tasks', { 'tasks.list': () => ({ data: testTasks(5) }) });

    expect(await screen.findAllByRole('heading', { level: 2, name: /Task number/ })).toHaveLength(5);
  });

  it('says so when there are no tasks', async () => {
    openTasks('/tasks', { 'tasks.list': () => ({ data: [] }) });

    expect(await screen.findByText('No Tasks Available')).toBeTruthy();
    expect(screen.getByText('There are currently no tasks available. Please check back later.')).toBeTruthy();
  });

  it('announces a completed task from the query string, then takes the result out of the address', async () => {
    const router = openTasks('/tasks?success=true&reward=1.50');

    expect(await screen.findByText('Task Completed')).toBeTruthy();
    expect(screen.getByText('Congratulations! You have earned ₱1.50 for completing this task.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/tasks'));
  });

  it.each([
    ['task-not-found', 'The task you tried to complete was not found.'],
    ['user-not-found', 'User information could not be retrieved.'],
    ['daily-limit-reached', 'You have reached your daily task limit. Please try again tomorrow.'],
    ['true', 'There was an error completing the task.'],
    ['view-too-short', 'There was an error completing the task.'],
    ['toString', 'There was an error completing the task.'],
  ])('reports ?error=%s as "%s"', async (error, text) => {
    const router = openTasks(`/tasks?error=${error}`);

    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/tasks'));
  });

  it('shows a view in progress counting down, and Cancel Task makes the task ready again', async () => {
    viewInProgress(15);
    openTasks();

    const task = await card('View Product Page');
    expect(task.getByText('Waiting for Website View')).toBeTruthy();
    expect(Number.parseInt(task.getByRole('timer').textContent ?? '', 10)).toBeGreaterThan(10);
    await userEvent.setup().click(task.getByRole('button', { name: 'Cancel Task' }));

    expect(task.getByRole('button', { name: 'Start Viewing Website' })).toBeTruthy();
    expect(task.getByText('Active')).toBeTruthy();
    expect(sessionStorage.getItem('openTaskViews')).toBeNull();
  });

  it('collects the earnings of a finished view, says so and reloads the balance, history and daily count', async () => {
    viewInProgress(-1);
    openTasks('/tasks', {
      'tasks.complete': () => ({ data: { success: true, reward: '1.50' } }),
      'transactions.list': () => ({ data: [] }),
      'vip.status': () => ({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'unused' } }),
    });

    const task = await card('View Product Page');
    expect(task.getByText('Timer Completed!')).toBeTruthy();
    await userEvent.setup().click(task.getByRole('button', { name: 'Collect Earnings' }));

    expect(await screen.findByText('Earnings Collected!')).toBeTruthy();
    expect(screen.getByText('You earned ₱1.50 for completing this task!')).toBeTruthy();
    expect(inputsOf('tasks.complete')).toEqual([{ id: 'task-1' }]);
    expect(task.getByRole('button', { name: 'Start Viewing Website' })).toBeTruthy();
    // The user (balance) is asked for again; history and daily count are reloaded when next shown.
    await waitFor(() => expect(inputsOf('auth.user').length).toBeGreaterThan(1));
  });

  it('collects the finished view’s earnings when Start Another Task is pressed, then makes the task ready again', async () => {
    const task = await pressOnFinishedView('Start Another Task', { 'tasks.complete': () => ({ data: { success: true, reward: '1.50' } }) });

    expect(await screen.findByText('You earned ₱1.50 for completing this task!')).toBeTruthy();
    expect(inputsOf('tasks.complete')).toEqual([{ id: 'task-1' }]);
    expect(task.getByRole('button', { name: 'Start Viewing Website' })).toBeTruthy();
  });

  it.each([
    [
      'the text for the server’s error value',
      { data: { success: false, error: 'daily-limit-reached' } },
      'You have reached your daily task limit. Please try again tomorrow.',
    ],
    ['the generic text without an error value', { data: { success: false } }, 'Failed to collect earnings'],
    ['the server’s message', { error: { code: 'FORBIDDEN', message: 'This account is suspended' } }, 'This account is suspended'],
  ] as const)('reports a refused collect with %s', async (_case, reply, text) => {
    await pressOnFinishedView('Collect Earnings', { 'tasks.complete': () => reply });

    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each(['Collect Earnings', 'Start Another Task'])(
    'says the member is offline when %s cannot collect for want of a connection, and keeps the view collectable',
    async (button) => {
      viewInProgress(-1);
      openTasks();
      server.use(failProcedure('tasks.complete'));

      const task = await card('View Product Page');
      await userEvent.setup().click(task.getByRole('button', { name: button }));

      expect(await screen.findByText("You're offline — check your connection and try again")).toBeTruthy();
      expect(task.getByRole('button', { name: 'Collect Earnings' })).toBeTruthy();
      expect(sessionStorage.getItem('openTaskViews')).not.toBeNull();
    },
  );

  it('keeps a view the server found too short, so it can be collected once it is long enough', async () => {
    const task = await pressOnFinishedView('Collect Earnings', {
      'tasks.complete': () => ({ data: { success: false, error: 'view-too-short' } }),
    });

    expect(await screen.findByText('Keep the website open for the full viewing time, then collect your earnings.')).toBeTruthy();
    expect(task.getByRole('button', { name: 'Collect Earnings' })).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in instead of listing tasks', async () => {
    answerWith({ 'auth.user': () => ({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }) });
    render(<App router={createAppRouter(createMemoryHistory({ initialEntries: ['/tasks'] }))} />);

    expect(await screen.findByText('Sign in to see your tasks')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Viewing Website' })).toBeNull();
  });
});
