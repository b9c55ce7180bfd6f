import { MEMBER_PAGE_SIZE, type Transaction } from '@app/contracts';
import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';
import { earning, payoutApproved, payoutRequest } from './earning-fixtures';

const { server, answerWith, inputsOf } = setupTrpcServer();

/** The history page over these transactions, newest first, answered a page at a time as the server pages them. */
function openHistory(transactions: Transaction[] = [payoutApproved, payoutRequest, earning]) {
  answerWith({
    'auth.user': () => ({ data: testUser() }),
    'transactions.list': (input) => {
      const { page, pageSize } = input as { page: number; pageSize: number };
      return { data: { items: transactions.slice((page - 1) * pageSize, page * pageSize), total: transactions.length } };
    },
  });
  renderAt('/history');
}

describe('history page', () => {
  it('lists every transaction with its date and time, type, description, capitalised status and signed amount', async () => {
    openHistory();

    const table = await screen.findByRole('table', { name: 'Transaction history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Mar 4, 2026, 1:00 PM',
      'Mar 2, 2026, 11:00 AM',
      'Mar 1, 2026, 10:00 AM',
    ]);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual(['Approved', 'Pending', 'Completed']);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual(['₱150.00', '-₱150.00', '+₱1.50']);
    // A page of the whole history, not the dashboard's four; one page holds them all, so no pager.
    expect(inputsOf('transactions.list')).toEqual([{ page: 1, pageSize: MEMBER_PAGE_SIZE }]);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('pages through a long history, older rows on the next page', async () => {
    const many = Array.from({ length: MEMBER_PAGE_SIZE + 5 }, (_, index) => ({
      ...earning,
      id: `t${index}`,
      description: `Task completed: number ${index}`,
    }));
    openHistory(many);
    const user = userEvent.setup();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');

    const table = await screen.findByRole('table', { name: 'Transaction history' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(MEMBER_PAGE_SIZE);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await within(pages).findByText('Page 2 of 2')).toBeTruthy();
    // The pager is below the list: the next page opens at its top, not at its last rows.
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect((scrolled.mock.contexts[0] as Element).contains(screen.getByRole('table', { name: 'Transaction history' }))).toBe(true);
    scrolled.mockRestore();
    const rows = within(screen.getByRole('table', { name: 'Transaction history' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(
      [20, 21, 22, 23, 24].map((index) => `Task completed: number ${index}Proof of view`),
    );
    expect(inputsOf('transactions.list')).toEqual([
      { page: 1, pageSize: MEMBER_PAGE_SIZE },
      { page: 2, pageSize: MEMBER_PAGE_SIZE },
    ]);
  });

  it('opens an earning’s proof of view: the task, when the view started and ended, and for how long', async () => {
    openHistory();
    const user = userEvent.setup();

    const trigger = await screen.findByRole('button', { name: 'Proof of view: View Product Page, Mar 1, 2026' });
    // Only earnings carry a proof.
    expect(screen.getAllByRole('button', { name: /Proof of view/ })).toHaveLength(1);
    await user.click(trigger);

    const proof = within(await screen.findByRole('dialog', { name: 'Proof of view' }));
    const facts = Object.fromEntries(proof.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      Task: 'View Product Page',
      Started: 'Mar 1, 2026, 10:00:00 AM',
      Completed: 'Mar 1, 2026, 10:00:25 AM',
      'Seconds viewed': '25 s',
      Reward: '+₱1.50',
    });
  });

  it('says so when there are no transactions', async () => {
    openHistory([]);

    expect(await screen.findByText('No transactions found. Complete tasks to start earning!')).toBeTruthy();
  });

  it('downloads the statement as the CSV file the server names', async () => {
    server.use(
      http.get('*/api/transactions/statement.csv', () =>
        HttpResponse.text('date,type\n', {
          headers: { 'content-disposition': 'attachment; filename="pesotasks-statement-2026-03-04.csv"' },
        }),
      ),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const createObjectURL = vi.fn(() => 'blob:statement');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    openHistory();

    await userEvent.click(await screen.findByRole('button', { name: 'Download statement (CSV)' }));

    await waitFor(() => expect(saved).toEqual(['pesotasks-statement-2026-03-04.csv']));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('says the session ended, rather than saving the refusal as the statement', async () => {
    server.use(http.get('*/api/transactions/statement.csv', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    openHistory();

    await userEvent.click(await screen.findByRole('button', { name: 'Download statement (CSV)' }));

    expect(await screen.findByRole('dialog', { name: 'Your session has ended' })).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
