import { TRANSACTION_TYPES } from './constants';
import { messages } from './messages';
import { amountString } from './money-schemas';
import { UNPAGED_LIST_LIMIT } from './paging';
import { optionalPaging } from './paging-schemas';
import { z } from './zod';

/** The proof of view kept with each earning (issue: members earn). */
const viewProofSchema = z.object({
  taskId: z.string(),
  taskTitle: z.string(),
  startedAt: z.string(),
  completedAt: z.string(),
  secondsViewed: z.number().int(),
});

export const transactionSchema = z
  .object({
    id: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    description: z.string(),
    status: z.string(),
    /** The amount as shown: positive except for an adjustment that lowered the balance. */
    amount: amountString,
    /** How the row changed the available balance: "+1.50", "-150.00" or "0.00". */
    availableChange: z.string(),
    createdAt: z.string(),
    proof: viewProofSchema.nullable(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

const m = messages.transactions;
const limitNumber = z.coerce
  .number({ error: m.limitInvalid })
  .int(m.limitInvalid)
  .min(1, m.limitInvalid)
  .max(UNPAGED_LIST_LIMIT, m.limitInvalid);

/**
 * The documented array of the latest UNPAGED_LIST_LIMIT rows (or `limit` of them, the dashboard's latest few), or with
 * `page` or `pageSize` one page as `{items, total}` (docs/api-conventions.md#paging); not both.
 */
export const transactionListInput = z
  .object({
    limit: limitNumber
      .meta({ description: `The latest this many rows (1 to ${UNPAGED_LIST_LIMIT}); refused (400) beside page or pageSize` })
      .optional(),
    ...optionalPaging,
  })
  .refine((input) => input.limit === undefined || (input.page === undefined && input.pageSize === undefined), {
    error: m.limitWithPage,
  })
  .prefault({});

export type TransactionListInput = z.infer<typeof transactionListInput>;

/** A file answer: REST sends `body` as the file itself, tRPC clients get the object. */
export const fileOutput = z.object({
  filename: z.string(),
  contentType: z.string(),
  body: z.string(),
});
export type FileOutput = z.infer<typeof fileOutput>;
