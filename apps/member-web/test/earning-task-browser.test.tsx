import { testUser } from '@app/testkit/fixtures';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { App } from '../src/app';
import { createAppRouter } from '../src/router';
import { setupTrpcServer } from './app-harness';
import { testTask, testVipStatus } from './earning-fixtures';

const { answerWith, inputsOf } = setupTrpcServer();

type Handlers = Parameters<typeof answerWith>[0];

/** The tab window.open hands back; the page points it at the site and cuts its link back. */
let openedTab: { opener: unknown; location: { href: string } };
let windowOpen: MockInstance<typeof window.open>;

beforeEach(() => {
  openedTab = { opener: window, location: { href: 'about:blank' } };
  windowOpen = vi.spyOn(window, 'open').mockImplementation(() => openedTab as unknown as Window);
});
afterEach(() => {
  windowOpen.mockRestore();
});

function browserPath() {
  return `/task-browser?taskId=${testTask().id}`;
}

function openBrowser(path: string, handlers: Handlers = {}) {
  answerWith({
    'auth.user': () => ({ data: testUser() }),
    'tasks.list': () => ({ data: [testTask()] }),
    'tasks.get': () => ({ data: { ...testTask(), durationSeconds: 20 } }),
    'vip.status': () => ({ data: testVipStatus() }),
    ...handlers,
  });
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  render(<App router={router} />);
  return router;
}

const started =
  (durationSeconds: number, collected: { taskId: string; reward: string } | null = null) =>
  () => ({
    data: { viewId: 'view-1', startedAt: new Date().toISOString(), durationSeconds, collected },
  });

describe('task browser', () => {
  it('records the view with Start Viewing, counts the server’s viewing time, completes the task and reports it on /tasks', async () => {
    const router = openBrowser(browserPath(), {
      'tasks.start': started(1),
      'tasks.complete': () => ({ data: { success: true, reward: '1.50' } }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'View Product Page' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Viewing' }));

    expect(inputsOf('tasks.start')).toEqual([{ id: 'task-1' }]);
    expect((await screen.findByRole('timer')).textContent).toMatch(/^[01]s$/);
    expect(await screen.findByText('Keep the website open. Your reward is credited when the timer reaches zero.')).toBeTruthy();
    expect(await screen.findByText('Congratulations! You have earned ₱1.50 for completing this task.', {}, { timeout: 3000 })).toBeTruthy();
    expect(inputsOf('tasks.complete')).toEqual([{ id: 'task-1' }]);
    await waitFor(() => expect(router.state.location.href).toBe('/tasks'));
    // Completed in the browser: the task's card is ready again rather than waiting to be collected.
    expect(await screen.findByRole('button', { name: 'Start Viewing Website' })).toBeTruthy();
  });

  it('reports a completion the server refused with its error value', async () => {
    openBrowser(browserPath(), {
      'tasks.start': started(1),
      'tasks.complete': () => ({ data: { success: false, error: 'daily-limit-reached' } }),
    });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start Viewing' }));

    expect(
      await screen.findByText('You have reached your daily task limit. Please try again tomorrow.', {}, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it('reports a completion call that failed as ?error=true', async () => {
    openBrowser(browserPath(), {
      'tasks.start': started(1),
      'tasks.complete': () => ({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side.' } }),
    });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start Viewing' }));

    expect(await screen.findByText('There was an error completing the task.', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('runs no clock before Start Viewing, and says the timer starts with it', async () => {
    openBrowser(browserPath(), { 'tasks.get': () => ({ data: { ...testTask(), durationSeconds: 1 } }) });

    expect(await screen.findByText(/The 20-second timer starts when you press Start Viewing/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    // Longer than the viewing time: the member who has not begun can still begin.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(screen.getByRole('button', { name: 'Start Viewing' })).toBeTruthy();
    expect(inputsOf('tasks.start')).toEqual([]);
    expect(inputsOf('tasks.complete')).toEqual([]);
  });

  it('shows the server’s task, whatever else the link says', async () => {
    openBrowser(`/task-browser?taskId=${testTask().id}&title=Free%20money&reward=999&taskUrl=https%3A%2F%2Fevil.example%2F`);

    expect(await screen.findByRole('heading', { level: 1, name: 'View Product Page' })).toBeTruthy();
    expect(screen.getByText('Reward: ₱1.50')).toBeTruthy();
    expect(screen.queryByText(/Free money|999|evil\.example/)).toBeNull();
    expect(inputsOf('tasks.get')).toEqual([{ id: testTask().id }]);
  });

  it('says a task that is gone or not for this member is not available', async () => {
    openBrowser('/task-browser?taskId=gone', { 'tasks.get': () => ({ error: { code: 'NOT_FOUND', message: 'Task not found' } }) });

    expect(await screen.findByRole('heading', { name: 'This task is not available' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Viewing' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Available Tasks' }).getAttribute('href')).toBe('/tasks');
  });

  it('shows the server’s message when the daily limit refuses the start', async () => {
    openBrowser(browserPath(), {
      'tasks.start': () => ({
        error: { code: 'FORBIDDEN', message: 'You have reached your daily task limit. Please try again tomorrow.' },
      }),
    });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start Viewing' }));

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('You have reached your daily task limit. Please try again tomorrow.')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('opens the site in a new tab after two seconds, without a handle on this page', async () => {
    openBrowser(browserPath());
    await screen.findByRole('heading', { level: 1, name: 'View Product Page' });
    expect(windowOpen).not.toHaveBeenCalled();

    await waitFor(() => expect(windowOpen).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(windowOpen).toHaveBeenCalledWith('about:blank', '_blank');
    expect(openedTab.opener).toBeNull();
    expect(openedTab.location.href).toBe('https://example.com/products');
    expect(screen.getByRole('link', { name: 'Open Website' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says so when the browser blocks the new tab, and offers the site as a link', async () => {
    windowOpen.mockImplementation(() => null);
    openBrowser(browserPath());

    expect(await screen.findByText(/Your browser blocked the new tab/, {}, { timeout: 3000 })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open Website' });
    expect(link.getAttribute('href')).toBe('https://example.com/products');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('keeps a view the member leaves early on the task’s card, counting down', async () => {
    openBrowser(browserPath(), { 'tasks.start': started(20) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Start Viewing' }));
    await screen.findByText('Keep the website open. Your reward is credited when the timer reaches zero.');
    await user.click(screen.getByRole('link', { name: 'Back to Available Tasks' }));

    expect(await screen.findByText('Waiting for Website View')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Task' })).toBeTruthy();
  });

  it('says at the day’s limit that no task can be started, and opens no site', async () => {
    openBrowser(browserPath(), { 'vip.status': () => ({ data: testVipStatus({ tasksCompletedToday: 5, tasksRemaining: 0 }) }) });

    expect(await screen.findByText('You have reached your daily task limit. Please try again tomorrow.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Viewing' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(windowOpen).not.toHaveBeenCalled();
  });

  it('says so when the start credited the member’s finished view of another task first', async () => {
    openBrowser(browserPath(), { 'tasks.start': started(20, { taskId: 'task-2', reward: '1.20' }) });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start Viewing' }));

    expect(await screen.findByText('₱1.20 for the task you finished earlier was added to your balance.')).toBeTruthy();
    expect(await screen.findByRole('timer')).toBeTruthy();
  });
});
