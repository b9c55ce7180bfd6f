import { ADMIN_PAGE_SIZE, type AdminTask, adminTaskSchema, staffMessages } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openDialog, pageAndOneMore, pagesOf, renderAt, useMockServer } from './kit';
import { servePanel } from './panel-fixtures';

useMockServer();

const task = (overrides: Partial<AdminTask>): AdminTask =>
  adminTaskSchema.parse({
    id: 'task-1',
    title: 'Visit the shop',
    description: '',
    url: 'https://shop.example.com',
    reward: '2.50',
    requiredVipTier: null,
    isActive: true,
    createdAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...overrides,
  });

describe('task list', () => {
  it('shows the tasks a page at a time, newest first as the server orders them', async () => {
    const asked: unknown[] = [];
    const partnerSite = (index: number) =>
      task({
        id: `task-${index}`,
        title: `Partner site ${index}`,
        url: `https://partner${index}.example.com`,
        reward: '1.50',
        isActive: index % 2 === 0,
      });
    servePanel({ 'admin.tasks.list': pagesOf(pageAndOneMore(partnerSite), asked) });
    renderAt('/admin/tasks');

    const table = await screen.findByRole('table', { name: 'Tasks' });
    await within(table).findByText('Partner site 0');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(ADMIN_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(`Partner site ${ADMIN_PAGE_SIZE}`)).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    // The pager is below the list: on a phone the next page would otherwise open at the page's footer.
    expect(scrolled.mock.contexts.map((element) => (element as Element).contains(table))).toEqual([true]);
    scrolled.mockRestore();
    expect(asked).toEqual([
      { page: 1, pageSize: ADMIN_PAGE_SIZE },
      { page: 2, pageSize: ADMIN_PAGE_SIZE },
    ]);
  });
});

describe('task form', () => {
  it('shows the task rules under their fields before saving, then sends the task as typed', async () => {
    const created: unknown[] = [];
    servePanel({
      'admin.tasks.list': () => ({ data: [] }),
      'admin.plans.list': () => ({ data: [] }),
      'admin.tasks.create': recordingInto(created, { data: task({}) }),
    });
    renderAt('/admin/tasks');
    const dialog = await openDialog('Create Task', 'Create Task');

    await userEvent.type(within(dialog).getByLabelText('Website URL'), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Task' }));
    expect((await within(dialog).findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      staffMessages.admin.taskTitleRequired,
      staffMessages.admin.taskUrlInvalid,
      staffMessages.admin.taskRewardRequired,
    ]);
    expect(created).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Visit the shop');
    await userEvent.clear(within(dialog).getByLabelText('Website URL'));
    await userEvent.type(within(dialog).getByLabelText('Website URL'), 'https://shop.example.com');
    await userEvent.type(within(dialog).getByLabelText('Reward (₱)'), '2.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Task' }));
    await screen.findByText(staffMessages.admin.screens.taskSaved);
    expect(created).toEqual([
      {
        title: 'Visit the shop',
        description: '',
        url: 'https://shop.example.com',
        reward: '2.50',
        requiredVipTier: 'FREE',
        isActive: true,
      },
    ]);
  });
});
