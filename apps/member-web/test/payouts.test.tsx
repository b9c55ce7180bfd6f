import { type ErrorCode, MEMBER_PAGE_SIZE, type Payout, payoutSchema } from '@app/contracts';
import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { onePage, renderAt, setupTrpcServer } from './app-harness';

const { answerWith, inputsOf } = setupTrpcServer();

const approved: Payout = payoutSchema.parse({
  id: 'payout-1',
  createdAt: '2026-03-01T02:00:00.000Z',
  paymentMethod: 'G-CASH',
  amount: '500.00',
  paymentDetails: '0917 123 4567 · Maria Santos',
  destination: { method: 'G-CASH', mobile: '+639171234567', accountName: 'Maria Santos' },
  status: 'approved',
  timeline: [
    { status: 'requested', at: '2026-03-01T02:00:00.000Z', note: null },
    { status: 'approved', at: '2026-03-04T05:00:00.000Z', note: null },
  ],
});

const pending: Payout = payoutSchema.parse({
  id: 'payout-3',
  createdAt: '2026-03-10T02:00:00.000Z',
  paymentMethod: 'PayPal',
  amount: '1000.00',
  paymentDetails: 'maria@example.com',
  destination: { method: 'PayPal', email: 'maria@example.com' },
  status: 'pending',
  timeline: [{ status: 'requested', at: '2026-03-10T02:00:00.000Z', note: null }],
});

async function openPayouts(handlers: Parameters<typeof answerWith>[0] = {}) {
  answerWith({ 'auth.user': () => ({ data: testUser() }), 'payouts.list': () => ({ data: onePage([]) }), ...handlers });
  renderAt('/payouts');
  await screen.findByRole('heading', { level: 1, name: 'Payouts' });
  return {
    amount: screen.getByLabelText('Amount (₱)'),
    email: screen.getByLabelText('PayPal e-mail'),
    submit: screen.getByRole('button', { name: 'Request Payout' }),
  };
}

type User = ReturnType<typeof userEvent.setup>;
type PayoutForm = Awaited<ReturnType<typeof openPayouts>>;

/** Types `amount` in place of the default (none: left empty) and the PayPal `email`, then presses Request Payout. */
async function fillAndSubmit(user: User, form: PayoutForm, amount: string, email = 'maria@example.com') {
  await user.clear(form.amount);
  if (amount) await user.type(form.amount, amount);
  if (email) await user.type(form.email, email);
  await user.click(form.submit);
}

/** Picks `method` in the method list. */
async function chooseMethod(user: User, method: string) {
  await user.click(screen.getByRole('combobox', { name: 'Payment method' }));
  await user.click(await screen.findByRole('option', { name: method }));
}

/** Chooses G-CASH, types `amount`, the wallet's number and its holder's name, then presses Request Payout. */
async function requestByGcash(user: User, form: PayoutForm, amount: string, mobile: string, holder: string) {
  await chooseMethod(user, 'G-CASH');
  await user.clear(form.amount);
  await user.type(form.amount, amount);
  await user.type(screen.getByLabelText('G-CASH number'), mobile);
  await user.type(screen.getByLabelText("Account holder's name"), holder);
  await user.click(form.submit);
}

/** What the server is sent for a PayPal request to Maria's e-mail. */
const toMaria = (amount: string) => ({ paymentMethod: 'PayPal', amount, destination: { email: 'maria@example.com' } });

/** The confirmation the form opens, checked to restate `title` and the account, then confirmed. */
async function confirmPayout(user: User, title: string, account: string, action: string) {
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  expect(dialog.getByText(account)).toBeTruthy();
  expect(inputsOf('payouts.request')).toEqual([]);
  await user.click(dialog.getByRole('button', { name: action }));
}

describe('payout request form', () => {
  it('states the limits and processing time, and starts with PayPal and ₱10.00, which the minimum refuses', async () => {
    const user = userEvent.setup();
    const form = await openPayouts();

    expect(screen.getByText(/Minimum payout ₱150\.00, maximum ₱2,000\.00 per request/)).toBeTruthy();
    expect(screen.getByText(/processed within 3-7 business days/)).toBeTruthy();
    expect(screen.getByLabelText('Payment method').textContent).toContain('PayPal');
    expect((form.amount as HTMLInputElement).value).toBe('10.00');

    await user.type(form.email, 'maria@example.com');
    await user.click(form.submit);

    expect(await screen.findByText('Minimum payout amount is ₱150.00')).toBeTruthy();
    expect(inputsOf('payouts.request')).toEqual([]);
  });

  it.each([
    ['', 'Amount is required'],
    ['abc', 'Amount must be a positive number'],
    ['0', 'Amount must be a positive number'],
    ['-5', 'Amount must be a positive number'],
    ['149.99', 'Minimum payout amount is ₱150.00'],
    ['2000.01', 'Maximum payout amount is ₱2000.00'],
    ['150.555', 'Use at most 2 decimal places'],
  ])('refuses the amount "%s" with "%s"', async (amount, message) => {
    const user = userEvent.setup();
    const form = await openPayouts();

    await fillAndSubmit(user, form, amount);

    expect(await screen.findByText(message)).toBeTruthy();
    expect(form.amount.getAttribute('aria-invalid')).toBe('true');
    expect(inputsOf('payouts.request')).toEqual([]);
  });

  it('asks for the e-mail PayPal pays, at its field, beside a refused amount', async () => {
    const user = userEvent.setup();
    const form = await openPayouts();

    await fillAndSubmit(user, form, '10', '');

    expect(await screen.findByText('Enter the PayPal e-mail address')).toBeTruthy();
    expect(screen.getByText('Minimum payout amount is ₱150.00')).toBeTruthy();
    expect(form.email.getAttribute('aria-invalid')).toBe('true');
    expect(inputsOf('payouts.request')).toEqual([]);
  });

  it('asks for the wallet’s number and holder for G-CASH, and says what is wrong with each at its field', async () => {
    const user = userEvent.setup();
    const form = await openPayouts();
    await requestByGcash(user, form, '150', 'alt 0917000xxxx / main 09171234567', 'Maria 2');
    expect(screen.queryByLabelText('PayPal e-mail')).toBeNull();
    const number = screen.getByLabelText('G-CASH number');
    const name = screen.getByLabelText("Account holder's name");

    expect(await screen.findByText('Enter one number only: which of the numbers is meant cannot be told')).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    await user.clear(number);
    await user.type(number, '+63 (0) 917 123 4567');
    await user.click(form.submit);
    expect(await screen.findByText("Enter the account holder's name in letters, as the account shows it")).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(inputsOf('payouts.request')).toEqual([]);
  });

  it('sends the amount as typed, confirms, and shows the new payout in the history', async () => {
    const user = userEvent.setup();
    const requested = payoutSchema.parse({
      id: 'payout-2',
      createdAt: '2026-03-10T02:00:00.000Z',
      paymentMethod: 'PayPal',
      amount: '150.00',
      paymentDetails: 'maria@example.com',
      destination: { method: 'PayPal', email: 'maria@example.com' },
      status: 'pending',
      timeline: [{ status: 'requested', at: '2026-03-10T02:00:00.000Z', note: null }],
    });
    let payouts: Payout[] = [];
    const form = await openPayouts({
      'payouts.list': () => ({ data: onePage(payouts) }),
      'payouts.request': () => {
        payouts = [requested];
        return { data: requested };
      },
      'transactions.list': () => ({ data: [] }),
    });
    expect(await screen.findByText('No payout requests yet')).toBeTruthy();

    await fillAndSubmit(user, form, '150');
    await confirmPayout(user, 'Request ₱150.00 by PayPal?', 'maria@example.com', 'Request ₱150.00');

    expect(await screen.findByText('Payout Requested')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(inputsOf('payouts.request')).toEqual([toMaria('150')]);
    const history = await screen.findByRole('table', { name: 'Payout History' });
    const row = await within(history).findByRole('row', { name: /Mar 10, 2026/ });
    expect(within(row).getByText('₱150.00')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    // The balance changed: the user is asked for again.
    await waitFor(() => expect(inputsOf('auth.user').length).toBeGreaterThan(1));
    expect((form.amount as HTMLInputElement).value).toBe('10.00');
  });

  it('takes an amount written with a thousands comma', async () => {
    const user = userEvent.setup();
    const form = await openPayouts({ 'payouts.request': () => ({ data: pending }), 'transactions.list': () => ({ data: [] }) });

    await fillAndSubmit(user, form, '1,000');
    await confirmPayout(user, 'Request ₱1,000.00 by PayPal?', 'maria@example.com', 'Request ₱1,000.00');

    expect(await screen.findByText('Payout Requested')).toBeTruthy();
    expect(form.amount.getAttribute('aria-invalid')).not.toBe('true');
    expect(inputsOf('payouts.request')).toEqual([toMaria('1,000')]);
  });

  /** Fills in a valid request and sends it; the server refuses it with `error`. */
  async function sendRefused(error: { code: ErrorCode; message: string }) {
    const user = userEvent.setup();
    const form = await openPayouts({ 'payouts.request': () => ({ error }) });
    await fillAndSubmit(user, form, '150');
    await confirmPayout(user, 'Request ₱150.00 by PayPal?', 'maria@example.com', 'Request ₱150.00');
  }

  it('restates the request before sending it, the account as it will be stored, and sends nothing when the member cancels', async () => {
    const user = userEvent.setup();
    const form = await openPayouts();
    // Pasted with an invisible space inside, and the name with extra spaces: read as the one number and name.
    await requestByGcash(user, form, '250.5', '0063 917\u200b123 4567', 'Maria  Santos ');

    const dialog = within(await screen.findByRole('dialog', { name: 'Request ₱250.50 by G-CASH?' }));
    expect(
      dialog.getByText(
        '₱250.50 leaves your available balance now and is sent to the account below within 3-7 business days. Check it: money sent to a wrong account cannot be taken back.',
      ),
    ).toBeTruthy();
    expect(dialog.getByText('0917 123 4567 · Maria Santos')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(inputsOf('payouts.request')).toEqual([]);
    expect((form.amount as HTMLInputElement).value).toBe('250.5');
    expect(document.activeElement).toBe(form.submit);
  });

  it('sends the chosen method’s fields only', async () => {
    const user = userEvent.setup();
    const form = await openPayouts({ 'payouts.request': () => ({ data: pending }), 'transactions.list': () => ({ data: [] }) });
    // Typed for PayPal first, then G-CASH chosen: the e-mail stays behind.
    await user.type(form.email, 'maria@example.com');
    await requestByGcash(user, form, '150', '0917 123 4567', 'Maria Santos');
    await confirmPayout(user, 'Request ₱150.00 by G-CASH?', '0917 123 4567 · Maria Santos', 'Request ₱150.00');

    await waitFor(() =>
      expect(inputsOf('payouts.request')).toEqual([
        { paymentMethod: 'G-CASH', amount: '150', destination: { mobile: '0917 123 4567', accountName: 'Maria Santos' } },
      ]),
    );
  });

  const insufficient = "You don't have enough balance. Your available balance is ₱8.55";

  it('shows the server’s insufficient-balance message under its own title, and keeps it at the amount', async () => {
    await sendRefused({ code: 'INSUFFICIENT_BALANCE', message: insufficient });

    expect(await screen.findByText('Insufficient Balance')).toBeTruthy();
    // Once in the toast, once at the amount, which the toast's going leaves in place.
    const amount = screen.getByLabelText('Amount (₱)');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(insufficient)).toHaveLength(2);
    expect(document.getElementById(amount.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(insufficient);
    expect(document.activeElement).toBe(amount);
  });

  it('tells the insufficient balance by its code, not by its text', async () => {
    await sendRefused({ code: 'BAD_REQUEST', message: insufficient });

    expect(await screen.findByText('There was an error submitting your payout request. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Insufficient Balance')).toBeNull();
  });

  it('falls back to the spec’s text when the request fails otherwise', async () => {
    await sendRefused({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side. Please try again.' });

    expect(await screen.findByText('There was an error submitting your payout request. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Insufficient Balance')).toBeNull();
  });
});

describe('payout history', () => {
  it('lists each payout with its capitalised status and its timeline', async () => {
    await openPayouts({ 'payouts.list': () => ({ data: onePage([approved]) }) });

    const history = await screen.findByRole('table', { name: 'Payout History' });
    const row = within(history).getByRole('row', { name: /G-CASH/ });
    expect(within(row).getAllByRole('cell')[0]?.textContent).toBe('Mar 1, 2026');
    expect(within(row).getByText('₱500.00')).toBeTruthy();
    expect(within(row).getByText('0917 123 4567 · Maria Santos')).toBeTruthy();
    expect(within(row).getByText('Approved', { selector: 'span.rounded-full' })).toBeTruthy();
    const timeline = within(row).getByRole('list', { name: 'Progress' });
    expect(timeline.textContent).toBe('Requested Mar 1, 2026, 10:00 AMApproved Mar 4, 2026, 1:00 PM');
  });

  it('pages a long history, twenty requests a page, asking the server for the next page', async () => {
    const many = Array.from({ length: MEMBER_PAGE_SIZE + 1 }, (_, index) =>
      payoutSchema.parse({ ...approved, id: `payout-${index}`, amount: `${150 + index}.00` }),
    );
    await openPayouts({
      'payouts.list': (input) => {
        const { page, pageSize } = input as { page: number; pageSize: number };
        return { data: { items: many.slice((page - 1) * pageSize, page * pageSize), total: many.length } };
      },
    });
    const user = userEvent.setup();

    const history = await screen.findByRole('table', { name: 'Payout History' });
    expect(within(history).getAllByRole('row').slice(1)).toHaveLength(MEMBER_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Payout History' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getByText(/^₱/).textContent)).toEqual([`₱${150 + MEMBER_PAGE_SIZE}.00`]);
    expect(inputsOf('payouts.list')).toEqual([
      { page: 1, pageSize: MEMBER_PAGE_SIZE },
      { page: 2, pageSize: MEMBER_PAGE_SIZE },
    ]);
  });

  it('shows the reason an admin gave for declining, under the declined step', async () => {
    const declined = payoutSchema.parse({
      ...approved,
      id: 'payout-4',
      status: 'declined',
      timeline: [
        { status: 'requested', at: '2026-03-01T02:00:00.000Z', note: null },
        { status: 'declined', at: '2026-03-02T05:00:00.000Z', note: 'The G-CASH number belongs to someone else' },
      ],
    });
    await openPayouts({ 'payouts.list': () => ({ data: onePage([declined]) }) });

    const history = await screen.findByRole('table', { name: 'Payout History' });
    const row = within(history).getByRole('row', { name: /G-CASH/ });
    expect(within(row).getByText('Declined', { selector: 'span.rounded-full' })).toBeTruthy();
    const steps = within(within(row).getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Requested Mar 1, 2026, 10:00 AM',
      'Declined Mar 2, 2026, 1:00 PMThe G-CASH number belongs to someone else',
    ]);
  });
});
