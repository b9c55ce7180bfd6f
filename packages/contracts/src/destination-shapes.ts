import type { PayoutMethod } from './constants';

/**
 * What a payout destination is made of (docs/product-rules.md#payout-destinations): the fields of each method
 * and the destination as stored. destinations.ts reads them; destination-readers.ts reads each field.
 */

/** The banks a bank transfer can go to: a choice, so "BDO" and "Banco de Oro" are one bank. */
export const PAYOUT_BANKS = [
  'BDO',
  'BPI',
  'Metrobank',
  'Landbank',
  'PNB',
  'Security Bank',
  'UnionBank',
  'RCBC',
  'China Bank',
  'EastWest',
  'PSBank',
  'AUB',
  'Maybank',
  'CIMB',
  'GoTyme',
  'SeaBank',
] as const;
export type PayoutBank = (typeof PAYOUT_BANKS)[number];

/** Every field a destination may have; each method uses some of them (DESTINATION_FIELDS). */
export const DESTINATION_FIELD_NAMES = ['mobile', 'account', 'email', 'bank', 'accountNumber', 'accountName', 'payId'] as const;
export type DestinationField = (typeof DESTINATION_FIELD_NAMES)[number];
/** The fields as a form or a request gives them: text, each optional until its method asks for it. */
export type DestinationFields = Partial<Record<DestinationField, string>>;

/**
 * The fields each method's destination is made of, in the order a form shows them: G-CASH and Maya pay a
 * mobile number whose wallet shows its holder's name; Coins.ph a mobile number or an e-mail (`account`); a bank
 * an account number and its holder (BDO is a bank of its own); PayPal an e-mail; Binance a Pay ID.
 */
export const DESTINATION_FIELDS: Record<PayoutMethod, readonly DestinationField[]> = {
  'G-CASH': ['mobile', 'accountName'],
  PAYMAYA: ['mobile', 'accountName'],
  COINSPH: ['account'],
  BDO: ['accountNumber', 'accountName'],
  'Bank Transfer': ['bank', 'accountNumber', 'accountName'],
  PayPal: ['email'],
  BINANCE: ['payId'],
};

/** A destination as read and stored (payouts.details): only the fields its method has, each in its one form. */
export interface PayoutDestination {
  method: PayoutMethod;
  /** E.164: +639171234567. */
  mobile?: string;
  /** As written, in lower case. */
  email?: string;
  bank?: PayoutBank;
  /** Digits only. */
  accountNumber?: string;
  accountName?: string;
  /** Digits only. */
  payId?: string;
}
