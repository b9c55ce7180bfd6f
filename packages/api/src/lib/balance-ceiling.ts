import { formatAmount, formatPesos, staffMessages } from '@app/contracts';
import { AppError } from './errors';

/**
 * The balance ceiling of docs/product-rules.md#admin-access, for the admin edits that set a balance (a
 * member's available balance, the operator's commission balance): an edit may not raise a balance above
 * `ceiling`. Lowering one stays allowed even while it is above, as after the ceiling was configured lower,
 * since that creates no money. The refusal is 400 naming the ceiling, with `balanceCeiling` for clients,
 * which show it at the field of the balance being set.
 */
export function holdToBalanceCeiling(balance: { before: number; after: number }, ceiling: number): void {
  if (balance.after <= ceiling || balance.after <= balance.before) return;
  throw new AppError('BAD_REQUEST', staffMessages.admin.overBalanceCeiling(formatPesos(ceiling)), {
    details: { balanceCeiling: formatAmount(ceiling) },
  });
}
