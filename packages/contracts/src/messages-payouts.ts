import { payoutMethodName } from './constants';

/**
 * The payout texts of the one catalogue (`messages.payouts`, messages.ts): a member's requests, queue and
 * destinations, in a file of their own so that each stays short.
 */
export const payoutMessages = {
  queuePosition: (position: string, length: string) => `Position ${position} of ${length}`,
  usuallyApproved: (wait: string) => `usually approved in ${wait}`,
  transferReference: (reference: string) => `Reference: ${reference}`,
  paidProof: (payouts: string, total: string) => `${payouts} · ${total} paid in the last 30 days`,
  holdTitle: 'Your payouts are on hold',
  holdBody: (since: string) => `Since ${since}. New payout requests wait until the hold is lifted. Contact support if you have questions.`,
  methodRequired: 'Payment method is required',
  methodUnknown: 'Please choose one of the listed payment methods',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be a positive number',
  minimum: 'Minimum payout amount is ₱150.00',
  maximum: 'Maximum payout amount is ₱2000.00',
  detailsRequired: 'Payment details are required',
  detailsTooLong: 'Payment details must be at most 500 characters',
  insufficientTitle: 'Insufficient Balance',
  insufficient: (balance: string) => `You don't have enough balance. Your available balance is ${balance}`,
  confirmTitle: (amount: string, method: string) => `Request ${amount} by ${payoutMethodName(method)}?`,
  confirmBody: (amount: string) =>
    `${amount} leaves your available balance now and is sent to the account below within 3-7 business days. Check it: money sent to a wrong account cannot be taken back.`,
  confirmAction: (amount: string) => `Request ${amount}`,
  requestedTitle: 'Payout Requested',
  requestedBody: 'Your payout request was received. Processing takes 3-7 business days.',
  /** Shown instead of the form while the available balance is under the minimum (docs/screens.md#member-screens). */
  toGo: (amount: string) => `${amount} more to go before you can cash out`,
  toGoBody: (balance: string, minimum: string) => `You have ${balance} of the ${minimum} minimum. Complete tasks to earn the rest.`,
  amountRange: (minimum: string, most: string) => `From ${minimum} up to ${most}.`,
  /** The destination of the member's latest payout, offered again in one tap: "Use 0917 123 4567 (GCash)". */
  useLast: (account: string, method: string) => `Use ${account} (${method})`,
  failed: 'There was an error submitting your payout request. Please try again.',
  historyEmpty: 'No payout requests yet',
  historyLoadFailed: 'Your payout history could not be loaded. Please try again later.',
  onHold: (reason: string) => `Payouts are on hold for your account: ${reason}. Please contact support.`,
  /** Reading a destination (docs/product-rules.md#payout-destinations): each refusal says what to enter. */
  destination: {
    /** Each field's label on the payout form; the number's names its wallet. */
    labels: {
      mobile: (method: string) => `${payoutMethodName(method)} number`,
      account: 'Coins.ph mobile number or e-mail',
      email: 'PayPal e-mail',
      bank: 'Bank',
      accountNumber: 'Account number',
      accountName: "Account holder's name",
      payId: 'Binance Pay ID',
    },
    hints: {
      mobile: 'The 11-digit number of the wallet, for example 0917 123 4567.',
      accountName: 'As the wallet or bank shows it. We check it before sending.',
    },
    sendTo: 'Send to',
    required: {
      mobile: 'Enter the mobile number of the account',
      account: 'Enter the Coins.ph mobile number or e-mail',
      email: 'Enter the PayPal e-mail address',
      bank: 'Choose the bank',
      accountNumber: 'Enter the bank account number',
      accountName: "Enter the account holder's name",
      payId: 'Enter your Binance Pay ID',
    },
    mobileInvalid: 'Enter a Philippine mobile number: 11 digits starting with 09, for example 0917 123 4567',
    mobileNotPhilippine: 'Enter a Philippine mobile number (+63), for example 0917 123 4567',
    mobileOnly: 'Enter only the mobile number here, for example 0917 123 4567',
    mobileOrEmail: 'Enter the Coins.ph mobile number (for example 0917 123 4567) or e-mail address',
    twoNumbers: 'Enter one number only: which of the numbers is meant cannot be told',
    twoEmails: 'Enter one e-mail address only',
    emailInvalid: 'Enter a valid e-mail address, for example juan@example.com',
    nameInvalid: "Enter the account holder's name in letters, as the account shows it",
    accountNumberInvalid: 'Enter the bank account number: 8 to 20 digits',
    payIdInvalid: 'Enter your Binance Pay ID: 6 to 12 digits',
    bankUnknown: 'Choose one of the listed banks',
    legacy: {
      'G-CASH': "Enter the GCash number and the account holder's name, for example: 0917 123 4567 Juan Dela Cruz",
      PAYMAYA: "Enter the Maya number and the account holder's name, for example: 0917 123 4567 Juan Dela Cruz",
      COINSPH: 'Enter the Coins.ph mobile number or e-mail address',
      BDO: "Enter the BDO account number and the account holder's name, for example: 001234567890 Juan Dela Cruz",
      'Bank Transfer': "Enter the bank, the account number and the account holder's name, for example: BPI 1234567890 Juan Dela Cruz",
      PayPal: 'Enter the PayPal e-mail address',
      BINANCE: 'Enter your Binance Pay ID: 6 to 12 digits',
    },
  },
} as const;
