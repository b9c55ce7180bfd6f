import { messages, type VipPlan, type VipStatus, vipPlanSchema } from '@app/contracts';
import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';
import { testVipStatus } from './earning-fixtures';

const { answerWith, inputsOf } = setupTrpcServer();

/** The six plans of docs/product-rules.md#constants-and-limits, as vip.plans lists them. */
const PLANS: VipPlan[] = [
  ['VIP300', 'VIP 300', '300.00', '2.66'],
  ['VIP400', 'VIP 400', '400.00', '3.66'],
  ['VIP500', 'VIP 500', '500.00', '4.33'],
  ['VIPPREMIUM1000', 'VIP Premium 1000', '1000.00', '13.00'],
  ['VIPGOLD2000', 'VIP Gold 2000', '2000.00', '16.00'],
  ['VIPSUPERPLAN3000', 'VIP Super Plan 3000', '3000.00', '23.66'],
].map(([id, name, price, rewardPerTask]) =>
  vipPlanSchema.parse({
    id,
    name,
    price,
    duration: 15,
    dailyTaskLimit: 10,
    rewardPerTask,
    benefits: ['10 tasks every day', `₱${rewardPerTask} for every completed task`, 'Valid for 15 days', 'Priority support'],
  }),
);

function vipStatus(overrides: Partial<VipStatus> = {}): VipStatus {
  return testVipStatus({ tasksCompletedToday: 2, tasksRemaining: 3, ...overrides });
}

async function openVip(handlers: Parameters<typeof answerWith>[0] = {}) {
  answerWith({
    'auth.user': () => ({ data: testUser() }),
    'vip.status': () => ({ data: vipStatus() }),
    'vip.plans': () => ({ data: PLANS }),
    'vip.paymentDetails': () => ({ data: { gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.' } }),
    ...handlers,
  });
  renderAt('/vip');
  await screen.findByRole('heading', { level: 1, name: 'VIP Membership' });
  await screen.findByRole('row', { name: /^VIP Super Plan 3000 / });
}

/** A plan's row of the comparison, named by its cells from the plan's name on. */
const plan = (name: string) => within(screen.getByRole('row', { name: new RegExp(`^${name} `) }));

async function openGcashDialog(user: ReturnType<typeof userEvent.setup>, planName: string) {
  await user.click(plan(planName).getByRole('button', { name: /Pay with G-CASH/ }));
  return within(await screen.findByRole('dialog', { name: `Upgrade to ${planName}` }));
}

describe('VIP page', () => {
  it('shows the membership, today’s use of the limit and one comparison of the free tier and the six plans', async () => {
    await openVip();

    expect(screen.getByText('5 tasks')).toBeTruthy();
    expect(screen.getByText('2 of 5')).toBeTruthy();
    const comparison = within(screen.getByRole('table', { name: 'Choose a plan' }));
    expect(comparison.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Plan',
      'Price',
      'Reward per task',
      'Tasks a day',
      'Earn in 15 days',
      'Buy',
    ]);
    expect(comparison.getAllByRole('row')).toHaveLength(8);
    // The member's plan is marked in words.
    expect(plan('Free').getByText('Current plan')).toBeTruthy();
    expect(plan('Free').getByText('Each task’s own')).toBeTruthy();
    const cells = (name: string) =>
      plan(name)
        .getAllByRole('cell')
        .slice(1, 5)
        .map((cell) => cell.lastChild?.textContent);
    // ₱13.00 x 10 tasks x 15 days.
    expect(cells('VIP Premium 1000')).toEqual(['₱1,000.00', '₱13.00', '10', '₱1,950.00']);
    expect(cells('VIP 300')).toEqual(['₱300.00', '₱2.66', '10', '₱399.00']);
  });

  it('writes a plan’s terms and the limit in the right number when they are one', async () => {
    const trial = vipPlanSchema.parse({ ...PLANS[0], duration: 1, dailyTaskLimit: 1, benefits: [] });
    await openVip({
      'vip.plans': () => ({ data: [trial, ...PLANS.slice(1)] }),
      'vip.status': () => ({ data: vipStatus({ dailyTaskLimit: 1, tasksCompletedToday: 0, tasksRemaining: 1 }) }),
    });

    expect(screen.getByText('1 task')).toBeTruthy();
    const dialog = await openGcashDialog(userEvent.setup(), 'VIP 300');
    expect(dialog.getByText('1 day · 1 task daily · ₱2.66 per task')).toBeTruthy();
  });

  it('disables both buttons of the plan that is running', async () => {
    await openVip({ 'vip.status': () => ({ data: vipStatus({ vipTier: 'VIP500', vipExpiresAt: '2026-03-20T02:00:00.000Z' }) }) });

    expect(plan('VIP 500').getByText('Current plan')).toBeTruthy();
    expect(plan('Free').queryByText('Current plan')).toBeNull();
    expect(
      plan('VIP 500')
        .getByRole('button', { name: /Pay with G-CASH/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      plan('VIP 500')
        .getByRole('button', { name: /Use my earnings/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      plan('VIP 400')
        .getByRole('button', { name: /Pay with G-CASH/ })
        .hasAttribute('disabled'),
    ).toBe(false);
    expect(screen.getByText('Mar 20, 2026')).toBeTruthy();
  });
});

describe('G-CASH payment dialog', () => {
  it('gives the steps in GCash, and refuses a missing or short reference with the spec’s two messages', async () => {
    const user = userEvent.setup();
    await openVip();
    const dialog = await openGcashDialog(user, 'VIP 500');

    expect(dialog.getByText('Pay with G-CASH, then enter the 13-digit reference number from your G-CASH receipt.')).toBeTruthy();
    const steps = within(await dialog.findByRole('list', { name: 'How to pay with GCash' }));
    expect(steps.getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      'Open GCash.',
      'Tap Send Money.',
      'Enter this number. The account name is PesoTasks Inc..0917 123 4567Copy',
      'Send exactly this amount.₱500.00Copy',
      'Copy the 13-digit reference number from your receipt and enter it below.',
    ]);

    await user.click(dialog.getByRole('button', { name: 'Submit for approval' }));
    expect(await dialog.findByText('Please enter a valid 13-digit transaction number')).toBeTruthy();

    await user.type(dialog.getByLabelText('G-CASH reference number'), '12345 678');
    await user.click(dialog.getByRole('button', { name: 'Submit for approval' }));
    expect(await dialog.findByText('Please enter exactly 13 digits for your transaction number')).toBeTruthy();
    expect(inputsOf('vip.upgrade')).toEqual([]);
  });

  it('sends a valid reference, confirms and shows the pending banner', async () => {
    const user = userEvent.setup();
    let status = vipStatus();
    await openVip({
      'vip.status': () => ({ data: status }),
      'vip.upgrade': () => {
        status = vipStatus({
          vipPendingApproval: true,
          vipPaymentStatus: 'pending',
          pendingVipTier: 'VIP500',
          pendingSince: '2026-11-22T07:05:00.000Z',
          pendingReference: '1234567890123',
        });
        return { data: status };
      },
    });
    const dialog = await openGcashDialog(user, 'VIP 500');

    await user.type(dialog.getByLabelText('G-CASH reference number'), '1012-3456-78901');
    await user.click(dialog.getByRole('button', { name: 'Submit for approval' }));

    expect(await screen.findByText('VIP request pending admin approval')).toBeTruthy();
    expect(inputsOf('vip.upgrade')).toEqual([{ vipTier: 'VIP500', paymentInfo: { transactionProof: '1012-3456-78901' } }]);
    expect(
      await screen.findByText('Your VIP membership upgrade to VIP 500 is pending admin approval. Your payment is being verified.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Said once, at the top, with its reference and time; every plan waits for it.
    expect(screen.getAllByText('Reference 1234567890123, sent Nov 22, 2026, 3:05 PM')).toHaveLength(1);
    const gcash = plan('VIP 300').getByRole('button', { name: /Pay with G-CASH/ }) as HTMLButtonElement;
    expect(gcash.disabled).toBe(true);
    expect(gcash.getAttribute('aria-describedby')).toContain('vip-pending');
    expect((plan('VIP Gold 2000').getByRole('button', { name: /Use my earnings/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why the last request was refused, until the member asks again', async () => {
    await openVip({
      'vip.status': () => ({
        data: vipStatus({
          vipPaymentStatus: 'rejected',
          lastRejection: { vipTier: 'VIP400', reason: 'No payment arrived for that reference', at: '2026-11-22T07:05:00.000Z' },
        }),
      }),
    });
    const notice = (await screen.findByText('Your request for VIP 400 was not approved')).closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toContain('No payment arrived for that reference');
    expect(notice.textContent).toContain('Nov 22, 2026, 3:05 PM');
    expect((plan('VIP 400').getByRole('button', { name: /Pay with G-CASH/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['G-CASH number', 'Copy the G-CASH number', '09171234567'],
    ['amount', 'Copy the amount', '300.00'],
  ])('puts the %s on the clipboard as GCash takes it', async (_what, button, copied) => {
    const user = userEvent.setup();
    await openVip();
    const dialog = await openGcashDialog(user, 'VIP 300');
    await user.click(await dialog.findByRole('button', { name: button }));
    expect(await navigator.clipboard.readText()).toBe(copied);
    expect(await dialog.findByText('Copied!')).toBeTruthy();
  });

  it('says above the plans that G-CASH is not available while the payee is not set, and on a plan why earnings cannot pay', async () => {
    await openVip({ 'vip.paymentDetails': () => ({ data: { gcashNumber: null, gcashName: null } }) });
    await screen.findByRole('table', { name: 'Choose a plan' });
    const affordable = plan('VIP 300');
    const gcash = await affordable.findByRole('button', { name: 'Pay with G-CASH' });
    await waitFor(() => expect((gcash as HTMLButtonElement).disabled).toBe(true));
    const notice = screen.getByText(messages.vip.gcashUnavailable).closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toContain(messages.vip.gcashUnavailableBody);
    expect(gcash.getAttribute('aria-describedby')).toContain(notice.id);
    expect((affordable.getByRole('button', { name: 'Use my earnings' }) as HTMLButtonElement).disabled).toBe(false);

    // testUser has ₱350.25: VIP 400 can be paid neither way, and its earnings button points to the balance.
    const earnings = plan('VIP 400').getByRole('button', { name: 'Use my earnings' });
    expect((earnings as HTMLButtonElement).disabled).toBe(true);
    const balance = screen.getByText('Your available balance is ₱350.25. Plans it covers can be paid from your earnings.');
    expect(earnings.getAttribute('aria-describedby')).toContain(balance.id);
    expect(inputsOf('vip.upgrade')).toEqual([]);
  });

  it('shows the server’s refusal of a reference used before at the reference field', async () => {
    const message = 'This transaction number has already been used';
    const user = userEvent.setup();
    await openVip({ 'vip.upgrade': () => ({ error: { code: 'CONFLICT', message, details: { field: 'paymentInfo.transactionProof' } } }) });
    const dialog = await openGcashDialog(user, 'VIP 300');

    const reference = dialog.getByLabelText('G-CASH reference number');
    await user.type(reference, '1012345678901');
    await user.click(dialog.getByRole('button', { name: 'Submit for approval' }));

    await waitFor(() => expect(reference.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${reference.id}-error`)?.textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: 'Upgrade to VIP 300' })).toBeTruthy();
  });

  it('shows any other refusal as a toast', async () => {
    const user = userEvent.setup();
    await openVip({
      'vip.upgrade': () => ({ error: { code: 'CONFLICT', message: 'You already have a VIP request waiting for approval' } }),
    });
    const dialog = await openGcashDialog(user, 'VIP 300');

    await user.type(dialog.getByLabelText('G-CASH reference number'), '1012345678901');
    await user.click(dialog.getByRole('button', { name: 'Submit for approval' }));

    expect(await screen.findByText('You already have a VIP request waiting for approval')).toBeTruthy();
    expect(dialog.getByLabelText('G-CASH reference number').getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('upgrade with earnings', () => {
  it('is offered only for plans the balance covers, and asks before buying', async () => {
    const user = userEvent.setup();
    await openVip({ 'vip.upgradeWithEarnings': () => ({ data: vipStatus({ vipTier: 'VIP300', dailyTaskLimit: 10 }) }) });

    // testUser has ₱350.25 available.
    expect(
      plan('VIP 400')
        .getByRole('button', { name: /Use my earnings/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    await user.click(plan('VIP 300').getByRole('button', { name: /Use my earnings/ }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Buy VIP 300 with your earnings?' }));
    expect(inputsOf('vip.upgradeWithEarnings')).toEqual([]);

    await user.click(confirm.getByRole('button', { name: 'Pay ₱300.00' }));

    expect(await screen.findByText('VIP upgrade completed')).toBeTruthy();
    expect(inputsOf('vip.upgradeWithEarnings')).toEqual([{ vipTier: 'VIP300' }]);
  });

  it('falls back to the spec’s text when the server gives no reason', async () => {
    const user = userEvent.setup();
    await openVip({ 'vip.upgradeWithEarnings': () => ({ error: { code: 'INTERNAL_SERVER_ERROR', message: '' } }) });

    await user.click(plan('VIP 300').getByRole('button', { name: /Use my earnings/ }));
    const confirm = within(await screen.findByRole('dialog'));
    await user.click(confirm.getByRole('button', { name: 'Pay ₱300.00' }));

    expect(await screen.findByText('Failed to upgrade VIP status')).toBeTruthy();
  });
});
