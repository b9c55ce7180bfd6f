import {
  type Payout,
  payoutSchema,
  type Task,
  type TaskToView,
  type Transaction,
  taskSchema,
  transactionSchema,
  vipStatusSchema,
} from '@app/contracts';
import { parsedFixture } from './parsed-fixture';

/*
 * Test support for the earning pages (dashboard, tasks, task browser, history, payouts): tasks, transactions,
 * payouts and VIP statuses as the server returns them, parsed by the real schemas so they cannot drift from them.
 */

export const testTask = parsedFixture(taskSchema, {
  id: 'task-1',
  title: 'View Product Page',
  description: 'Look through a partner product page and its photos.',
  url: 'https://example.com/products',
  reward: '1.50',
  requiredVipTier: null,
});

/** `count` distinct tasks, numbered from 1. */
export function testTasks(count: number): Task[] {
  return Array.from({ length: count }, (_, index) =>
    testTask({ id: `task-${index + 1}`, title: `Task number ${index + 1}`, reward: `${index + 1}.00` }),
  );
}

export const earning: Transaction = transactionSchema.parse({
  id: 'tx-earning',
  type: 'earning',
  description: 'Task completed: View Product Page',
  status: 'completed',
  amount: '1.50',
  availableChange: '+1.50',
  createdAt: '2026-03-01T02:00:25.000Z',
  proof: {
    taskId: 'task-1',
    taskTitle: 'View Product Page',
    startedAt: '2026-03-01T02:00:00.000Z',
    completedAt: '2026-03-01T02:00:25.000Z',
    secondsViewed: 25,
  },
});

export const payoutRequest: Transaction = transactionSchema.parse({
  id: 'tx-payout',
  type: 'payout',
  description: 'Payout request (G-CASH)',
  status: 'pending',
  amount: '150.00',
  availableChange: '-150.00',
  createdAt: '2026-03-02T03:00:00.000Z',
  proof: null,
});

export const payoutApproved: Transaction = transactionSchema.parse({
  id: 'tx-approved',
  type: 'payout_approved',
  description: 'Payout approved',
  status: 'approved',
  amount: '150.00',
  availableChange: '0.00',
  createdAt: '2026-03-04T05:00:00.000Z',
  proof: null,
});

export const testVipStatus = parsedFixture(vipStatusSchema, {
  vipTier: 'FREE',
  vipExpiresAt: null,
  vipPendingApproval: false,
  vipPaymentStatus: null,
  pendingVipTier: null,
  pendingSince: null,
  pendingReference: null,
  lastRejection: null,
  dailyTaskLimit: 5,
  tasksCompletedToday: 0,
  tasksRemaining: 5,
  tasksDoneToday: [],
});

/** The task a task link opens, as the server sends it to the task browser (`tasks.get`). */
export const viewedTask: TaskToView = {
  id: '7',
  title: 'View Product Page',
  description: '',
  url: 'https://example.com/products',
  reward: '1.50',
  requiredVipTier: null,
  durationSeconds: 20,
};

/** A payout of ₱500.00 to Maria Santos's G-CASH wallet (testUser's), as `payouts.list` returns it. */
export function gcashPayout(overrides: Pick<Payout, 'id' | 'createdAt' | 'status' | 'timeline'>): Payout {
  return payoutSchema.parse({
    paymentMethod: 'G-CASH',
    amount: '500.00',
    paymentDetails: '0917 123 4567 · Maria Santos',
    destination: { method: 'G-CASH', mobile: '+639171234567', accountName: 'Maria Santos' },
    transferReference: null,
    ...overrides,
  });
}
