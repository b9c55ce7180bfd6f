import { describe, expect, it } from 'vitest';
import {
  canonicalEmail,
  describeDestination,
  destinationFormFields,
  destinationKey,
  maskDestination,
  messages,
  type PayoutMethod,
  payoutRequestInput,
  readDestination,
  readPaymentDetails,
  readStoredDestination,
} from '../src';

const m = messages.payouts.destination;

/** The key a request's destination is compared by, or the refusal and the field it is at. */
function keyOf(method: PayoutMethod, request: { destination?: Record<string, string>; paymentDetails?: string }) {
  const parsed = payoutRequestInput.safeParse({ paymentMethod: method, amount: '150', ...request });
  if (parsed.success) return destinationKey(parsed.data.destination);
  const [issue] = parsed.error.issues;
  return { refusal: issue?.message, path: issue?.path.join('.') };
}

describe('one G-CASH wallet, however it is written', () => {
  const wallet = 'mobile:+639171234567';
  it.each([
    '09171234567',
    '+63 (0) 917 123 4567',
    '0063 917 123 4567',
    '639171234567',
    '+639171234567',
    '9171234567',
    '0917-123-4567',
    '0917/123/4567',
    '0917.123.4567',
    '(0917) 123 4567',
    '０９１７ １２３ ４５６７',
    '٠٩١٧١٢٣٤٥٦٧',
    '0917\u200b123\u200b4567',
    '0917\u00ad123\u2060 4567',
  ])('reads the number field %j as the same wallet', (mobile) => {
    expect(keyOf('G-CASH', { destination: { mobile, accountName: 'Juan Dela Cruz' } })).toBe(wallet);
  });

  it.each([
    '0917 123 4567 Juan Dela Cruz',
    'GCash: 0917-123-4567 (Juan Dela Cruz)',
    '+63 (0) 917 123 4567 / Juan Dela Cruz',
    '0063 917 123 4567 Juan Dela Cruz',
    'Juan Dela Cruz 0917\u200b123\u200b4567',
    '０９１７ １２３ ４５６７ Juan Dela Cruz',
  ])('reads an old client’s text %j as the same wallet', (paymentDetails) => {
    expect(keyOf('G-CASH', { paymentDetails })).toBe(wallet);
  });

  it('is one key for every wallet of the number (G-CASH, Maya, Coins.ph)', () => {
    expect(keyOf('PAYMAYA', { destination: { mobile: '0917 123 4567', accountName: 'Juan' } })).toBe(wallet);
    expect(keyOf('COINSPH', { destination: { account: '+63 917 123 4567' } })).toBe(wallet);
  });
});

describe('what cannot be read is refused with what to enter', () => {
  it.each([
    ['09171234567 (ring1@mail.com)', m.legacy['G-CASH']],
    ['alt 0917000xxxx / main 09171234567', m.twoNumbers],
    ['call 0917 123 4567 or 0918 765 4321 Juan', m.twoNumbers],
    ['09171234567', m.legacy['G-CASH']],
    ['0917', m.legacy['G-CASH']],
    ['02 8123 4567 Juan Dela Cruz', m.legacy['G-CASH']],
    ['+1 415 555 2671 John Smith', m.mobileNotPhilippine],
    ['0917 123 4567 Juan \u202eDela Cruz', messages.common.directionCharacter],
  ])('G-CASH text %j', (paymentDetails, refusal) => {
    expect(keyOf('G-CASH', { paymentDetails })).toEqual({ refusal, path: 'paymentDetails' });
  });

  it.each([
    [{ mobile: '', accountName: 'Juan' }, 'destination.mobile', m.required.mobile],
    [{ mobile: '0917 123 456', accountName: 'Juan' }, 'destination.mobile', m.mobileInvalid],
    [{ mobile: '0917 123 4567 / 0918 765 4321', accountName: 'Juan' }, 'destination.mobile', m.twoNumbers],
    [{ mobile: 'my number is 0917 123 4567', accountName: 'Juan' }, 'destination.mobile', m.mobileOnly],
    // A right-to-left override shows "0917 123 4567" for the digits stored as 7654 321 7190.
    [{ mobile: '\u202e7654 321 7190', accountName: 'Juan' }, 'destination.mobile', messages.common.directionCharacter],
    [{ mobile: '0917 123 4567', accountName: '' }, 'destination.accountName', m.required.accountName],
    [{ mobile: '0917 123 4567', accountName: 'Juan 2' }, 'destination.accountName', m.nameInvalid],
    [{ mobile: '0917 123 4567', accountName: 'Ju\u200ban' }, 'destination.accountName', messages.common.invisibleCharacter],
  ])('G-CASH fields %j', (destination, path, refusal) => {
    expect(keyOf('G-CASH', { destination })).toEqual({ refusal, path });
  });

  it('asks for the details when a request has neither fields nor text', () => {
    expect(keyOf('G-CASH', {})).toEqual({ refusal: messages.payouts.detailsRequired, path: 'paymentDetails' });
    expect(keyOf('G-CASH', { paymentDetails: '   ' })).toEqual({ refusal: messages.payouts.detailsRequired, path: 'paymentDetails' });
  });

  it.each([undefined, null, 'x', [], { paymentMethod: 'G-CASH', amount: '150', destination: 'x' }, { paymentMethod: 7, destination: {} }])(
    'refuses the body %j with an issue, never an exception',
    (body) => {
      expect(payoutRequestInput.safeParse(body).success).toBe(false);
    },
  );

  it('reports the destination beside a refused amount, for a form to show both', () => {
    const parsed = payoutRequestInput.safeParse({ paymentMethod: 'G-CASH', amount: '10', destination: { mobile: '0917' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['amount', 'destination.mobile']);
  });
});

describe('the other methods', () => {
  it('compares e-mails as the mailbox they reach', () => {
    expect(canonicalEmail('Juan.Cruz+ring1@GMail.com')).toBe('juancruz@gmail.com');
    expect(canonicalEmail('juan.cruz@googlemail.com')).toBe('juancruz@gmail.com');
    expect(canonicalEmail('Juan.Cruz+x@Example.com')).toBe('juan.cruz+x@example.com');
    expect(keyOf('PayPal', { destination: { email: 'J.uan.Cruz+paypal@gmail.com' } })).toBe('email:juancruz@gmail.com');
    expect(keyOf('PayPal', { paymentDetails: 'PayPal: juancruz@gmail.com please' })).toBe('email:juancruz@gmail.com');
    expect(keyOf('COINSPH', { destination: { account: 'JuanCruz@gmail.com' } })).toBe('email:juancruz@gmail.com');
    expect(keyOf('PayPal', { paymentDetails: 'a@example.com or b@example.com' })).toEqual({ refusal: m.twoEmails, path: 'paymentDetails' });
    expect(keyOf('PayPal', { destination: { email: 'juan at example' } })).toEqual({ refusal: m.emailInvalid, path: 'destination.email' });
  });

  it('reads a bank account as its digits, BDO alike by either method', () => {
    const bdo = 'account:001234567890';
    expect(keyOf('BDO', { destination: { accountNumber: '0012-3456-7890', accountName: 'Juan Dela Cruz' } })).toBe(bdo);
    expect(keyOf('Bank Transfer', { destination: { bank: 'bdo', accountNumber: '001234567890', accountName: 'Juan Dela Cruz' } })).toBe(
      bdo,
    );
    expect(keyOf('BDO', { paymentDetails: 'BDO 0012 3456 7890 Juan Dela Cruz' })).toBe(bdo);
    expect(keyOf('Bank Transfer', { paymentDetails: 'BPI acct no. 1234567890 - Juan Dela Cruz' })).toBe('account:1234567890');
    // The last ten digits of a longer account number are that account, not a mobile number.
    expect(keyOf('BDO', { paymentDetails: 'BDO 001234599123456789 Juan Dela Cruz' })).toBe('account:001234599123456789');
    expect(keyOf('Bank Transfer', { paymentDetails: 'Acct 5559123456789 Juan' })).toEqual({
      refusal: m.legacy['Bank Transfer'],
      path: 'paymentDetails',
    });
    expect(keyOf('Bank Transfer', { destination: { bank: 'Bank of Mars', accountNumber: '1234567890', accountName: 'Juan' } })).toEqual({
      refusal: m.bankUnknown,
      path: 'destination.bank',
    });
  });

  it('reads a Binance Pay ID', () => {
    expect(keyOf('BINANCE', { destination: { payId: '123 456 789' } })).toBe('binance:123456789');
    expect(keyOf('BINANCE', { paymentDetails: 'Binance Pay ID: 123456789' })).toBe('binance:123456789');
    expect(keyOf('BINANCE', { destination: { payId: '12' } })).toEqual({ refusal: m.payIdInvalid, path: 'destination.payId' });
  });
});

describe('payouts stored before destinations were data', () => {
  it('are read for what they can be compared by, without the name or bank they never had to give', () => {
    expect(readStoredDestination('G-CASH', 'G-CASH 0917/123/4567')).toEqual({
      destination: { method: 'G-CASH', mobile: '+639171234567' },
      key: 'mobile:+639171234567',
    });
    expect(readStoredDestination('Bank Transfer', 'Acct 5559123456789')?.key).toBe('account:5559123456789');
    expect(readStoredDestination('BDO', 'BDO 001234599123456789')?.key).toBe('account:001234599123456789');
  });

  it.each([
    ['G-CASH', '0917'],
    ['G-CASH', '0917 123 4567 \u202eJuan'],
    ['G-CASH', 'alt 0917000xxxx / main 09171234567'],
    ['Cash in a bag', '09171234567'],
  ])('are unreadable when %s details say %j', (method, details) => {
    expect(readStoredDestination(method, details)).toBeNull();
  });
});

describe('how a destination reads', () => {
  it('restates it whole for the member and the admin, and masks it in lists', () => {
    const gcash = readDestination('G-CASH', { mobile: '+63 917 123 4567', accountName: ' Juan  Dela Cruz ' });
    expect(gcash).toEqual({ value: { method: 'G-CASH', mobile: '+639171234567', accountName: 'Juan Dela Cruz' } });
    if (!('value' in gcash)) return;
    expect(describeDestination(gcash.value)).toBe('0917 123 4567 · Juan Dela Cruz');
    expect(maskDestination(destinationKey(gcash.value))).toBe('0917•••4567');
    const bank = readPaymentDetails('Bank Transfer', 'BPI 1234567890 Juan Dela Cruz');
    if (!('value' in bank)) throw new Error('the bank transfer was not read');
    expect(describeDestination(bank.value)).toBe('BPI · 1234567890 · Juan Dela Cruz');
    expect(maskDestination(destinationKey(bank.value))).toBe('•••7890');
    expect(maskDestination('email:juan.cruz@example.com')).toBe('j***@example.com');
    expect(maskDestination('binance:123456789')).toBe('•••6789');
  });
});

describe('a stored destination as the form’s fields again (the last one offered)', () => {
  it.each([
    [
      { method: 'G-CASH', mobile: '+639171234567', accountName: 'Juan Dela Cruz' },
      { mobile: '0917 123 4567', accountName: 'Juan Dela Cruz' },
    ],
    [{ method: 'COINSPH', mobile: '+639181234567' }, { account: '0918 123 4567' }],
    [{ method: 'COINSPH', email: 'juan@example.com' }, { account: 'juan@example.com' }],
    [
      { method: 'Bank Transfer', bank: 'BPI', accountNumber: '1234567890', accountName: 'Juan Dela Cruz' },
      { bank: 'BPI', accountNumber: '1234567890', accountName: 'Juan Dela Cruz' },
    ],
    [
      { method: 'BDO', bank: 'BDO', accountNumber: '001234567890', accountName: 'Juan Dela Cruz' },
      { accountNumber: '001234567890', accountName: 'Juan Dela Cruz' },
    ],
    [{ method: 'BINANCE', payId: '123456789' }, { payId: '123456789' }],
    // Stored before the holder's name was asked for: the field is left for the member to fill in.
    [
      { method: 'PAYMAYA', mobile: '+639171234567' },
      { mobile: '0917 123 4567', accountName: '' },
    ],
  ] as const)('%o fills in %o, which reads back as the same destination', (destination, fields) => {
    expect(destinationFormFields(destination)).toEqual(fields);
    const read = readDestination(destination.method, fields);
    if ('accountName' in fields && fields.accountName === '') return;
    expect(read).toEqual({ value: destination });
  });
});
