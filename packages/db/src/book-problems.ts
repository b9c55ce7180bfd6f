/**
 * What can be wrong with the books:
 * - `balance-mismatch`: a cached balance on users differs from the sum of that user's ledger rows;
 * - `negative-balance`: a balance column below zero;
 * - `view-credit`: a task view credited more than once, an earning without its completed view, or a
 *   completed view that was never credited;
 * - `commission`: the operator's ledger does not match the VIP upgrades and approved payouts that earn
 *   it, or the operator has asked for more than was earned;
 * - `payout-changed`: a payout changed outside the application (its row no longer matches the digest its
 *   latest ledger row recorded), without its request's or its decision's ledger row, or whose ledger rows
 *   say another amount;
 * - `admin-log-missing`: an admin's money move or decision without its admin_logs row;
 * - `admin-log-mismatch`: an admin_logs row of a money action that the ledger row (or the commission
 *   entries or payout) it stands for does not bear out;
 * - `chain-broken`: a ledger row or an admin log row changed or removed since it was written (the first
 *   place each chain breaks: one per member's ledger, one for the admin log);
 * - `head-mismatch` (only given heads exported earlier): a chain whose row at a recorded head is gone or
 *   has another hash: its tail was rewritten and chained anew, or cut back.
 */
export type BookProblemKind =
  | 'balance-mismatch'
  | 'negative-balance'
  | 'view-credit'
  | 'commission'
  | 'payout-changed'
  | 'admin-log-missing'
  | 'admin-log-mismatch'
  | 'chain-broken'
  | 'head-mismatch';

export interface BookProblem {
  kind: BookProblemKind;
  description: string;
}
