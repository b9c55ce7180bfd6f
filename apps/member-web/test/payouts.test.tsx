import { type ErrorCode, MEMBER_PAGE_SIZE, type Payout, payoutSchema } from '@app/contracts';
import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { onePage, renderAt, setupTrpcServer } from './app-harness';
import { gcashPayout } from './earning-fixtures';

const { answerWith, inputsOf } = setupTrpcServer();

const approved = gcashPayout({
  id: 'payout-1',
  createdAt: '2026-03-01T02:00:00.000Z',
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
  transferReference: null,
  timeline: [{ status: 'requested', at: '2026-03-10T02:00:00.000Z', note: null }],
});

/** The payouts page of a member with ₱350.25 available (testUser) and no payouts, unless `handlers` say otherwise. */
async function openPayouts(handlers: Parameters<typeof answerWith>[0] = {}) {
  answerWith({ 'auth.user': () => ({ data: testUser() }), 'payouts.list': () => ({ data: onePage([]) }), ...handlers });
  renderAt('/payouts');
  await screen.findByRole('heading', { level: 1, name: 'Payouts' });
  return {
    amount: await screen.findByLabelText('Amount (₱)'),
    submit: screen.getByRole('button', { name: 'Request Payout' }),
  };
}

type User = ReturnType<typeof userEvent.setup>;
type PayoutForm = Awaited<ReturnType<typeof openPayouts>>;

/** Types `amount` (none: left empty) and, for the GCash the form starts with, Maria's wallet, then presses Request Payout. */
async function fillAndSubmit(user: User, form: PayoutForm, amount: string, wallet = { mobile: '0917 123 4567', holder: 'Maria Santos' }) {
  await user.clear(form.amount);
  if (amount) await user.type(form.amount, amount);
  if (wallet.mobile) await user.type(screen.getByLabelText('GCash number'), wallet.mobile);
  if (wallet.holder) await user.type(screen.getByLabelText("Account holder's name"), wallet.holder);
  await user.click(form.submit);
}

/** Picks `method`, by its shown name, in the method list. */
async function chooseMethod(user: User, method: string) {
  await user.click(screen.getByRole('combobox', { name: 'Payment method' }));
  await user.click(await screen.findByRole('option', { name: method }));
}

/** Chooses GCash, types `amount`, the wallet's number and its holder's name, then presses Request Payout. */
async function requestByGcash(user: User, form: PayoutForm, amount: string, mobile: string, holder: string) {
  await chooseMethod(user, 'GCash');
  await fillAndSubmit(user, form, amount, { mobile, holder });
}

/** What the server is sent for a GCash request to Maria's wallet. */
const toMaria = (amount: string) => ({
  paymentMethod: 'G-CASH',
  amount,
  destination: { mobile: '0917 123 4567', accountName: 'Maria Santos' },
});

/** The confirmation the form opens, checked to restate `title` and the account, then confirmed. */
async function confirmPayout(user: User, title: string, account: string, action: string) {
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  expect(dialog.getByText(account)).toBeTruthy();
  expect(inputsOf('payouts.request')).toEqual([]);
  await user.click(dialog.getByRole('button', { name: action }));
}

describe('payout request form', () => {
  it('states the limits and processing time, and starts with GCash and no amount, saying how much can be asked for', async () => {
    const user = userEvent.setup();
    const form = await openPayouts();

    expect(screen.getByText(/Minimum payout ₱150\.00, maximum ₱2,000\.00 per request/)).toBeTruthy();
    expect(screen.getByText(/processed within 3-7 business days/)).toBeTruthy();
    expect(screen.getByLabelText('Payment method').textContent).toBe('GCash');
    expect(screen.getByLabelText('GCash number')).toBeTruthy();
    expect((form.amount as HTMLInputElement).value).toBe('');
    expect(screen.getByText('From ₱150.00 up to ₱350.25.')).toBeTruthy();

    await fillAndSubmit(user, form, '');

    expect(await screen.findByText('Amount is required')).toBeTruthy();
    expect(inputsOf('payouts.request')).toEqual([]);
  });

  it('offers up to the maximum when the balance is above it', async () => {
    await openPayouts({ 'auth.user': () => ({ data: testUser({ availableBalance: '5000.00' }) }) });

    expect(screen.getByText('From ₱150.00 up to ₱2,000.00.')).toBeTruthy();
  });

  it('shows the methods by the brands’ names and sends the API value of the one chosen', async () => {
    const user = userEvent.setup();
    const form = await openPayouts({ 'payouts.request': () => ({ data: pending }), 'transactions.list': () => ({ data: [] }) });

    await user.click(screen.getByRole('combobox', { name: 'Payment method' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['GCash', 'Maya', 'Binance', 'Coins.ph', 'BDO', 'PayPal', 'Bank transfer']);
    await user.click(screen.getByRole('option', { name: 'Maya' }));
    expect(screen.getByLabelText('Payment method').textContent).toBe('Maya');
    await user.clear(form.amount);
    await user.type(form.amount, '150');
    await user.type(screen.getByLabelText('Maya number'), '0918 765 4321');
    await user.type(screen.getByLabelText("Account holder's name"), 'Maria Santos');
    await user.click(form.submit);
    await confirmPayout(user, 'Request ₱150.00 by Maya?', '0918 765 4321 · Maria Santos', 'Request ₱150.00');

    await waitFor(() =>
      expect(inputsOf('payouts.request')).toEqual([
        { paymentMethod: 'PAYMAYA', amount: '150', destination: { mobile: '0918 765 4321', accountName: 'Maria Santos' } },
      ]),
    );
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
    await chooseMethod(user, 'PayPal');

    await user.type(form.amount, '10');
    await user.click(form.submit);
    const email = screen.getByLabelText('PayPal e-mail');

    expect(await screen.findByText('Enter the PayPal e-mail address')).toBeTruthy();
    expect(screen.getByText('Minimum payout amount is ₱150.00')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(inputsOf('payouts.request')).toEqual([]);
  });

  it('asks for the wallet’s number and holder for GCash, and says what is wrong with each at its field', async () => {
    const user = userEvent.setup();
    const form = await openPayouts();
    await requestByGcash(user, form, '150', 'alt 0917000xxxx / main 09171234567', 'Maria 2');
    expect(screen.queryByLabelText('PayPal e-mail')).toBeNull();
    const number = screen.getByLabelText('GCash number');
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
      ...approved,
      id: 'payout-2',
      createdAt: '2026-03-10T02:00:00.000Z',
      amount: '150.00',
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
    await confirmPayout(user, 'Request ₱150.00 by GCash?', '0917 123 4567 · Maria Santos', 'Request ₱150.00');

    expect(await screen.findByText('Payout Requested')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(inputsOf('payouts.request')).toEqual([toMaria('150')]);
    const history = await screen.findByRole('table', { name: 'Payout History' });
    const row = await within(history).findByRole('row', { name: /Mar 10, 2026/ });
    expect(within(row).getByText('₱150.00')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    // The balance changed: the user is asked for again.
    await waitFor(() => expect(inputsOf('auth.user').length).toBeGreaterThan(1));
    expect((form.amount as HTMLInputElement).value).toBe('');
    // The payout just asked for is now the last destination, offered again.
    expect(await screen.findByRole('button', { name: 'Use 0917 123 4567 (GCash)' })).toBeTruthy();
  });

  it('takes an amount written with a thousands comma', async () => {
    const user = userEvent.setup();
    const form = await openPayouts({ 'payouts.request': () => ({ data: pending }), 'transactions.list': () => ({ data: [] }) });

    await fillAndSubmit(user, form, '1,000');
    await confirmPayout(user, 'Request ₱1,000.00 by GCash?', '0917 123 4567 · Maria Santos', 'Request ₱1,000.00');

    expect(await screen.findByText('Payout Requested')).toBeTruthy();
    expect(form.amount.getAttribute('aria-invalid')).not.toBe('true');
    expect(inputsOf('payouts.request')).toEqual([toMaria('1,000')]);
  });

  /** Fills in a valid request and sends it; the server refuses it with `error`. */
  async function sendRefused(error: { code: ErrorCode; message: string }) {
    const user = userEvent.setup();
    const form = await openPayouts({ 'payouts.request': () => ({ error }) });
    await fillAndSubmit(user, form, '150');
    await confirmPayout(user, 'Request ₱150.00 by GCash?', '0917 123 4567 · Maria Santos', 'Request ₱150.00');
  }

  it('restates the request before sending it, the account as it will be stored, and sends nothing when the member cancels', async () => {
    const user = userEvent.setup();
    const form = await openPayouts();
    // Pasted with an invisible space inside, and the name with extra spaces: read as the one number and name.
    await requestByGcash(user, form, '250.5', '0063 917\u200b123 4567', 'Maria  Santos ');

    const dialog = within(await screen.findByRole('dialog', { name: 'Request ₱250.50 by GCash?' }));
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
    // Typed for PayPal first, then GCash chosen: the e-mail stays behind.
    await chooseMethod(user, 'PayPal');
    await user.type(screen.getByLabelText('PayPal e-mail'), 'maria@example.com');
    await requestByGcash(user, form, '150', '0917 123 4567', 'Maria Santos');
    await confirmPayout(user, 'Request ₱150.00 by GCash?', '0917 123 4567 · Maria Santos', 'Request ₱150.00');

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
    expect(document.getElementById(amount.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent).toBe(insufficient);
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

describe('the last destination', () => {
  it('offers the latest payout’s destination again, and one tap fills in its method and fields', async () => {
    const user = userEvent.setup();
    const unreadable = payoutSchema.parse({ ...approved, id: 'payout-0', createdAt: '2026-03-12T02:00:00.000Z', destination: null });
    const refusedAccount = payoutSchema.parse({
      ...approved,
      id: 'payout-00',
      createdAt: '2026-03-12T03:00:00.000Z',
      status: 'declined',
      destination: { method: 'G-CASH', mobile: '+639998887777', accountName: 'Someone Else' },
    });
    const form = await openPayouts({
      'payouts.list': () => ({ data: onePage([refusedAccount, unreadable, pending, approved]) }),
      'payouts.request': () => ({ data: pending }),
      'transactions.list': () => ({ data: [] }),
    });

    // The newest payout with a destination that can be read and was not declined: PayPal, whatever the form started with.
    await user.click(await screen.findByRole('button', { name: 'Use maria@example.com (PayPal)' }));

    expect(screen.getByLabelText('Payment method').textContent).toBe('PayPal');
    expect((screen.getByLabelText('PayPal e-mail') as HTMLInputElement).value).toBe('maria@example.com');
    expect(document.activeElement).toBe(form.amount);
    await user.type(form.amount, '200');
    await user.click(form.submit);
    await confirmPayout(user, 'Request ₱200.00 by PayPal?', 'maria@example.com', 'Request ₱200.00');
    await waitFor(() =>
      expect(inputsOf('payouts.request')).toEqual([
        { paymentMethod: 'PayPal', amount: '200', destination: { email: 'maria@example.com' } },
      ]),
    );
  });

  it('fills in a wallet’s number as people write it, with its holder', async () => {
    const user = userEvent.setup();
    await openPayouts({ 'payouts.list': () => ({ data: onePage([approved]) }) });
    await chooseMethod(user, 'Binance');

    await user.click(await screen.findByRole('button', { name: 'Use 0917 123 4567 (GCash)' }));

    expect(screen.getByLabelText('Payment method').textContent).toBe('GCash');
    expect((screen.getByLabelText('GCash number') as HTMLInputElement).value).toBe('0917 123 4567');
    expect((screen.getByLabelText("Account holder's name") as HTMLInputElement).value).toBe('Maria Santos');
  });

  it('offers nothing to a member who never asked for a payout', async () => {
    await openPayouts();
    await screen.findByText('No payout requests yet');

    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
  });
});

describe('a balance under the minimum', () => {
  it.each([
    ['100.25', '₱49.75', 67],
    ['0.00', '₱150.00', 0],
    ['149.99', '₱0.01', 100],
  ])('with %s available says %s is still to go, with its progress, and offers no request', async (balance, toGo, percent) => {
    answerWith({ 'auth.user': () => ({ data: testUser({ availableBalance: balance }) }), 'payouts.list': () => ({ data: onePage([]) }) });
    renderAt('/payouts');

    const card = await screen.findByRole('region', { name: `${toGo} more to go before you can cash out` });
    expect(within(card).getByText(`You have ₱${balance} of the ₱150.00 minimum. Complete tasks to earn the rest.`)).toBeTruthy();
    const bar = within(card).getByRole('progressbar');
    expect(Math.round(Number(bar.getAttribute('aria-valuenow')))).toBe(percent);
    expect(within(card).getByRole('link', { name: 'Earn with tasks' }).getAttribute('href')).toBe('/tasks');
    expect(screen.queryByRole('button', { name: 'Request Payout' })).toBeNull();
    expect(screen.queryByLabelText('Amount (₱)')).toBeNull();
    // The history is still there below.
    expect(await screen.findByText('No payout requests yet')).toBeTruthy();
  });

  it('shows the form from exactly the minimum', async () => {
    await openPayouts({ 'auth.user': () => ({ data: testUser({ availableBalance: '150.00' }) }) });

    expect(screen.getByText('From ₱150.00 up to ₱150.00.')).toBeTruthy();
    expect(screen.queryByText(/more to go/)).toBeNull();
  });
});

describe('payout history', () => {
  it('lists each payout with its capitalised status and its timeline', async () => {
    await openPayouts({ 'payouts.list': () => ({ data: onePage([approved]) }) });

    const history = await screen.findByRole('table', { name: 'Payout History' });
    const row = within(history).getByRole('row', { name: /GCash/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('GCash');
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
    const row = within(history).getByRole('row', { name: /GCash/ });
    expect(within(row).getByText('Declined', { selector: 'span.rounded-full' })).toBeTruthy();
    const steps = within(within(row).getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Requested Mar 1, 2026, 10:00 AM',
      'Declined Mar 2, 2026, 1:00 PMThe G-CASH number belongs to someone else',
    ]);
  });
});
