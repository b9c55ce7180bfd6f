/** The page size of the admins' lists. */
export const ADMIN_PAGE_SIZE = 50;
/** The page size of a member's own lists (transactions, payouts, referrals): a phone screen or two. */
export const MEMBER_PAGE_SIZE = 20;
/**
 * The most items a list that pages on request (a member's own lists, the admins' notifications) answers
 * in its documented array, when no page is asked for: the latest ones.
 */
export const UNPAGED_LIST_LIMIT = 1000;

/**
 * A list's answer as one page, whichever shape it came in: the apps always ask for a page, but the
 * procedure's type also allows the unpaged array of the REST contract.
 */
export function asPage<T>(answer: readonly T[] | { items: T[]; total: number }): { items: readonly T[]; total: number } {
  return Array.isArray(answer) ? { items: answer, total: answer.length } : (answer as { items: T[]; total: number });
}
