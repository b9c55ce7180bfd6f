import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findRow, renderAt, useMockServer } from './kit';
import { servePanel } from './panel-fixtures';

useMockServer();

describe('transactions tab', () => {
  it('names each row’s member by e-mail, with the start of their id', async () => {
    const userId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    servePanel({
      'admin.transactions': () => ({
        data: {
          items: [
            {
              id: 'b1a9e2c4-0000-4000-8000-000000000001',
              createdAt: '2026-11-22T07:05:00.000Z',
              userId,
              userEmail: 'juan@example.com',
              type: 'earning',
              description: 'Task completed: Read Blog',
              transactionReference: null,
              amount: '1.20',
              status: 'completed',
            },
          ],
          total: 1,
        },
      }),
    });
    renderAt('/admin/transactions');

    const table = await screen.findByRole('table', { name: 'Transactions' });
    const row = await findRow('juan@example.com', table);
    expect(within(row).getByTitle(userId).textContent).toBe('7c9e6679…');
    expect(row.textContent).toContain('₱1.20');
  });
});
