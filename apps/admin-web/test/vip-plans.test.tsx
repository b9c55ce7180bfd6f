import { type AdminPlan, adminPlanSchema, staffMessages } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findRow, renderAt, useMockServer } from './kit';
import { servePanel } from './panel-fixtures';

useMockServer();

describe('VIP plan editor', () => {
  const plan: AdminPlan = adminPlanSchema.parse({
    id: 'plan-1',
    planName: 'VIP 300',
    price: '300.00',
    dailyTaskLimit: 10,
    taskReward: '5.00',
    validityDays: 15,
    isActive: true,
  });

  it('shows a rule a figure breaks under it and sends nothing, then saves the figures as typed', async () => {
    const updates: unknown[] = [];
    servePanel({
      'admin.plans.list': () => ({ data: [plan] }),
      'admin.plans.update': recordingInto(updates, { data: plan }),
    });
    renderAt('/admin/plans');
    const row = await findRow('VIP 300');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));

    const limit = within(row).getByLabelText('Daily task limit');
    await userEvent.clear(limit);
    await userEvent.type(limit, '1001');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(staffMessages.admin.dailyTaskLimitInvalid);
    expect(updates).toEqual([]);

    await userEvent.clear(limit);
    await userEvent.type(limit, '12');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await screen.findByText(staffMessages.admin.screens.planUpdated);
    expect(updates).toEqual([{ planId: 'plan-1', price: '300.00', taskReward: '5.00', dailyTaskLimit: '12', validityDays: '15' }]);
    await waitFor(() => expect(within(row).queryByLabelText('Daily task limit')).toBeNull());
  });
});
