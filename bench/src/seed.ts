import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import {
  COMMISSION_PAYOUT_METHODS,
  COMMISSION_PER_PAYOUT_CENTAVOS,
  COMMISSION_PER_UPGRADE_CENTAVOS,
  messages,
  REFERRAL_BONUS_CENTAVOS,
  staffMessages,
} from '@app/contracts';
import { checkBooks, createDb, type Db, isEmpty, migrateToLatest, rechainAdminLogs, rechainLedger, summarizeBooks } from '@app/db';
import { sql } from 'kysely';

/**
 * The demo-sized data of issue 8, with the admin queues of issue 16 at 10^4 waiting rows each: every
 * member has a payout and a VIP request waiting and a support conversation, and the operator has
 * `commissionPayouts` requests of which all but one in eleven wait.
 */
export const BENCH_SIZES = {
  members: 10_000,
  tasks: 100,
  ledgerRows: 500_000,
  payouts: 30_000,
  commissionPayouts: 11_000,
} as const;

export type BenchSizes = typeof BENCH_SIZES;

/** How many rows wait in each admin queue after seedBenchData (issue 16's 10^4). */
export interface QueueSizes {
  pendingPayouts: number;
  pendingVipRequests: number;
  supportConversations: number;
  pendingCommissionPayouts: number;
}

export function queueSizes(sizes: BenchSizes): QueueSizes {
  return {
    // Payout k waits when k mod 3 = 2, commission payout c unless c mod 11 = 0 (seedBenchData).
    pendingPayouts: Math.floor((sizes.payouts + 1) / 3),
    pendingVipRequests: sizes.members,
    supportConversations: sizes.members,
    pendingCommissionPayouts: sizes.commissionPayouts - Math.floor(sizes.commissionPayouts / 11),
  };
}

export const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';

/**
 * Ids are deterministic UUIDs (md5 of a label and a number), so each statement can name the rows of an
 * earlier one without reading them back, and a run.ts can find member number n again.
 */
const idOf = (label: string, n: string) => sql<string>`md5(${label}::text || (${sql.raw(n)})::text)::uuid::text`;

/** md5(text)::uuid::text of PostgreSQL. */
function md5Uuid(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of member number n (1 to sizes.members). */
export const benchMemberId = (n: number): string => md5Uuid(`bench-member-${n}`);

const FIRST_NAMES = [
  'Maria',
  'Jose',
  'Ana',
  'Juan',
  'Liza',
  'Mark',
  'Grace',
  'Paolo',
  'Joy',
  'Carlo',
  'Bea',
  'Miguel',
  'Rina',
  'Enzo',
  'Tess',
  'Nico',
];
const LAST_NAMES = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Garcia',
  'Mendoza',
  'Torres',
  'Flores',
  'Ramos',
  'Aquino',
  'Castro',
  'Navarro',
  'Lim',
  'Tan',
];
const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.ph'];
const TOPICS = [
  'Product Page',
  'Partner Blog',
  'Travel Deals',
  'Recipe',
  'Gadget Review',
  'Local News',
  'Furniture Catalog',
  'Fitness Tips',
];
/** VIP plans of migration 0002 and the reward each pays per task. */
const PLANS = [
  ['VIP300', 266],
  ['VIP400', 366],
  ['VIP500', 433],
  ['VIPPREMIUM1000', 1_300],
  ['VIPGOLD2000', 1_600],
  ['VIPSUPERPLAN3000', 2_366],
] as const;

const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((value) => sql`${value}::text`))}]`;
/** values[1 + (index mod length)], in SQL. */
const pick = (values: readonly string[], index: string) => sql`(${textArray(values)})[1 + (${sql.raw(index)}) % ${values.length}]`;

/**
 * Fills an empty, migrated database with the demo-sized data in a few set-based statements:
 * - one admin and `members` members (varied names and e-mails; 1 in 100 banned, 3 in 100 suspended;
 *   1 in 10 on a VIP plan approved from a G-CASH proof, a few of those expired; every member with a
 *   request for another plan waiting), 1 in 10 members referred by an earlier member;
 * - `tasks` tasks, four in five free, the rest for a VIP tier, a few inactive;
 * - `payouts` payouts, three per member: a third each approved, declined and pending, each with its
 *   ledger rows (the request, and the decision), admin log row and, when approved, operator commission;
 *   each member pays out to a number of their own, which 1 in 200 shares with the member before them;
 * - the rest of `ledgerRows` as task earnings, each with its completed task view, all before today so the
 *   members' daily task limits are untouched;
 * - a support conversation of two to four messages for every member, a third of them waiting for an admin;
 * - `commissionPayouts` requests of the operator, all but one in eleven pending, for less than the
 *   commission earned, the decided ones with their admin log rows.
 * The cached balances are then set to the sums of each member's ledger rows, so the books balance by
 * construction; every member ends with enough available balance for a few more payouts.
 */
export async function seedBenchData(db: Db, sizes: BenchSizes = BENCH_SIZES): Promise<void> {
  const { members, tasks, payouts } = sizes;
  const decidedPayouts = payouts - queueSizes(sizes).pendingPayouts;
  const earnings = sizes.ledgerRows - payouts - decidedPayouts;
  if (earnings < members) throw new Error(`${sizes.ledgerRows} ledger rows leave fewer earnings than members`);
  const freeTasks = tasks - Math.floor(tasks / 5);
  const admin = md5Uuid('bench-admin');

  await db.transaction().execute(async (trx) => {
    await sql`
      INSERT INTO users (id, email, first_name, last_name, is_admin, referral_code, created_at)
      VALUES (${admin}, ${BENCH_ADMIN_EMAIL}, 'Bench', 'Admin', true, 'BENCHADM', now() - interval '400 days')
    `.execute(trx);

    const first = pick(FIRST_NAMES, 'i');
    const last = pick(LAST_NAMES, 'i / 7');
    const plan = pick(
      PLANS.map(([id]) => id),
      'i / 10',
    );
    const reward = sql`(${sql`ARRAY[${sql.join(PLANS.map(([, perTask]) => sql`${perTask}::bigint`))}]`})[1 + (i / 10) % ${PLANS.length}]`;
    await sql`
      INSERT INTO users (id, email, first_name, last_name, account_status, status_reason, vip_tier, vip_expires_at,
        vip_daily_task_limit, vip_reward_per_task, vip_pending_approval, vip_payment_status, referral_code, referred_by, created_at)
      SELECT
        ${idOf('bench-member-', 'i')},
        lower(${first} || '.' || ${last} || i || '@' || ${pick(DOMAINS, 'i / 3')}),
        ${first},
        CASE WHEN i % 13 = 0 THEN NULL ELSE ${last} END,
        CASE WHEN i % 100 = 0 THEN 'banned' WHEN i % 100 < 4 THEN 'suspended' ELSE 'active' END,
        CASE WHEN i % 100 < 4 THEN 'Benchmark data' END,
        CASE WHEN i % 10 = 7 THEN ${plan} ELSE 'FREE' END,
        CASE WHEN i % 10 = 7 THEN now() + ((i % 30) - 5) * interval '1 day' END,
        CASE WHEN i % 10 = 7 THEN 10 END,
        CASE WHEN i % 10 = 7 THEN ${reward} END,
        true,
        'pending',
        'BM' || upper(to_hex(i)),
        CASE WHEN i % 10 = 5 AND i > 10 THEN ${idOf('bench-member-', 'i / 10')} END,
        now() - interval '2 days' - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
      FROM generate_series(1, ${members}::int) AS i
    `.execute(trx);
    await sql`
      INSERT INTO referrals (referrer_id, referred_user_id, referral_code, status, created_at)
      SELECT u.referred_by, u.id, r.referral_code, 'pending', u.created_at
      FROM users u JOIN users r ON r.id = u.referred_by
    `.execute(trx);
    await sql`
      UPDATE users u SET referral_count = c.n
      FROM (SELECT referrer_id, count(*) AS n FROM referrals GROUP BY referrer_id) c
      WHERE c.referrer_id = u.id
    `.execute(trx);
    // Half the friends signed in on their sponsor's device: their first-task bonus waits in the admins'
    // held-referral list (no ledger row until an admin pays it).
    await sql`
      UPDATE referrals r SET status = 'held', held_reward = ${REFERRAL_BONUS_CENTAVOS}::bigint,
        completed_at = r.created_at + interval '1 day', held_at = r.created_at + interval '1 day'
      FROM generate_series(1, ${members}::int) AS i
      WHERE i % 20 = 5 AND i > 10 AND r.referred_user_id = ${idOf('bench-member-', 'i')}
    `.execute(trx);
    await sql`
      INSERT INTO account_signals (user_id, kind, value, first_seen_at, last_seen_at)
      SELECT who, 'device', 'bench-device-' || r.id, r.created_at, r.created_at
      FROM referrals r CROSS JOIN LATERAL (VALUES (r.referrer_id), (r.referred_user_id)) AS both_sides(who)
      WHERE r.status = 'held'
    `.execute(trx);

    await sql`
      INSERT INTO vip_requests (id, user_id, plan_id, payment_method, transaction_proof, price, status, decided_by, decided_at, created_at)
      SELECT ${idOf('bench-vip-', 'i')}, ${idOf('bench-member-', 'i')}, p.id, 'gcash', (9000000000000 + i)::text, p.price, 'approved',
        ${admin}, now() - (35 - i % 30) * interval '1 day', now() - (36 - i % 30) * interval '1 day'
      FROM generate_series(1, ${members}::int) AS i JOIN vip_plans p ON p.id = ${plan}
      WHERE i % 10 = 7
    `.execute(trx);
    // One request waiting per member (the most a member may have), for the plan after the one they hold.
    const nextPlan = pick(
      PLANS.map(([id]) => id),
      'i / 10 + 1',
    );
    await sql`
      INSERT INTO vip_requests (user_id, plan_id, payment_method, transaction_proof, price, status, created_at)
      SELECT ${idOf('bench-member-', 'i')}, p.id, 'gcash', (8000000000000 + i)::text, p.price, 'pending',
        now() - (i % 240) * interval '1 hour' - (i * 7 % 3600) * interval '1 second'
      FROM generate_series(1, ${members}::int) AS i JOIN vip_plans p ON p.id = ${nextPlan}
    `.execute(trx);
    await sql`
      INSERT INTO commission_entries (kind, source_id, amount, description, created_at)
      SELECT 'upgrade', r.id, ${COMMISSION_PER_UPGRADE_CENTAVOS}::bigint, 'VIP upgrade to ' || p.name, r.decided_at
      FROM vip_requests r JOIN vip_plans p ON p.id = r.plan_id WHERE r.status = 'approved'
    `.execute(trx);
    await sql`
      INSERT INTO admin_logs (admin_id, action, target_id, details, ip_address, created_at)
      SELECT ${admin}, 'approve_vip', r.user_id, jsonb_build_object('requestId', r.id, 'plan', r.plan_id), '127.0.0.1', r.decided_at
      FROM vip_requests r WHERE r.status = 'approved'
    `.execute(trx);

    await sql`
      INSERT INTO tasks (id, title, description, url, reward, required_vip_tier, is_active, created_at)
      SELECT ${idOf('bench-task-', 't')},
        'Bench task ' || t || ': ' || ${pick(TOPICS, 't')},
        'Look through a partner page about ' || lower(${pick(TOPICS, 't')}) || '.',
        'https://example.com/bench/' || t,
        800 + (t * 37 % 16) * 100,
        CASE WHEN t > ${freeTasks}::int THEN ${pick(
          PLANS.map(([id]) => id),
          't',
        )} END,
        t % 25 <> 0,
        now() - interval '400 days' + t * interval '1 hour'
      FROM generate_series(1, ${tasks}::int) AS t
    `.execute(trx);

    // Earning e belongs to member 1 + (e - 1) mod members, on a free task that moves with e; every
    // member has at least floor(earnings / members) of them, spread over the 400 days before yesterday.
    await sql`
      INSERT INTO task_views (id, user_id, task_id, started_at, completed_at, seconds_viewed, reward)
      SELECT ${idOf('bench-view-', 'e')}, ${idOf('bench-member-', `1 + (e - 1) % ${members}`)}, t.id,
        s.started_at, s.started_at + interval '25 seconds', 25, t.reward
      FROM generate_series(1, ${earnings}::int) AS e
      CROSS JOIN LATERAL (SELECT now() - interval '2 days' - (e % 400) * interval '1 day' - (e % 80000) * interval '1 second' AS started_at) s
      JOIN tasks t ON t.id = ${idOf('bench-task-', `1 + (e / ${members} + e) % ${freeTasks}`)}
    `.execute(trx);
    await sql`
      INSERT INTO transactions (user_id, type, amount, description, available_delta, earnings_delta, task_view_id, created_at)
      SELECT v.user_id, 'earning', v.reward, 'Task completed: ' || t.title, v.reward, v.reward, v.id, v.completed_at
      FROM task_views v JOIN tasks t ON t.id = v.task_id
    `.execute(trx);

    // Payouts k, k + members and k + 2 members belong to member 1 + (k - 1) mod members; the status goes
    // by k mod 3, so with members not a multiple of 3 each member has one approved, one declined and one
    // pending. Each asks 150 to 180 pesos: the two that leave the balance take at most 360 of the
    // cheapest member's earnings. The destination is the member's own G-CASH or Maya number, stored as a
    // request stores it (destinationKey, describeDestination), shared by 1 in 200 members with the member
    // before them, as the admins' payout flags show.
    await sql`
      INSERT INTO payouts (id, user_id, payment_method, amount, payment_details, details, destination, status, decided_by, decided_at, created_at)
      SELECT ${idOf('bench-payout-', 'k')}, ${idOf('bench-member-', 'o.member')},
        o.method,
        15000 + (k % 7) * 500,
        '0' || substr(o.mobile, 1, 3) || ' ' || substr(o.mobile, 4, 3) || ' ' || substr(o.mobile, 7) || ' · Bench Member',
        json_build_object('method', o.method, 'mobile', '+63' || o.mobile, 'accountName', 'Bench Member'),
        'mobile:+63' || o.mobile,
        (ARRAY['approved', 'declined', 'pending'])[1 + k % 3],
        CASE WHEN k % 3 <> 2 THEN ${admin} END,
        CASE WHEN k % 3 <> 2 THEN now() - (k % 30) * interval '1 day' + interval '1 hour' END,
        now() - (k % 30) * interval '1 day' - interval '1 day'
      FROM generate_series(1, ${payouts}::int) AS k
      CROSS JOIN LATERAL (SELECT 1 + (k - 1) % ${members} AS member) m
      CROSS JOIN LATERAL (
        SELECT m.member, (ARRAY['G-CASH', 'PAYMAYA'])[1 + k % 2] AS method,
          '917' || lpad(((m.member - (m.member % 200 = 0)::int) * 7919 % 10000000)::text, 7, '0') AS mobile
      ) o
    `.execute(trx);
    await sql`
      INSERT INTO account_signals (user_id, kind, value, first_seen_at, last_seen_at)
      SELECT user_id, 'destination', destination, min(created_at), max(created_at) FROM payouts GROUP BY user_id, destination
    `.execute(trx);
    const approvedText = messages.ledger.payoutApproved('%s');
    await sql`
      INSERT INTO transactions (user_id, type, amount, description, status, available_delta, pending_delta, payout_id, created_at)
      SELECT user_id, 'payout', amount, 'Payout request via ' || payment_method, status, -amount, amount, id, created_at FROM payouts
    `.execute(trx);
    await sql`
      INSERT INTO transactions (user_id, type, amount, description, available_delta, pending_delta, paid_out_delta, payout_id, admin_id, created_at)
      SELECT user_id,
        CASE status WHEN 'approved' THEN 'payout_approved' ELSE 'payout_declined' END,
        amount,
        CASE status WHEN 'approved' THEN format(${approvedText}::text, payment_method) ELSE ${messages.ledger.payoutDeclined}::text END,
        CASE status WHEN 'declined' THEN amount ELSE 0 END,
        -amount,
        CASE status WHEN 'approved' THEN amount ELSE 0 END,
        id, decided_by, decided_at
      FROM payouts WHERE status <> 'pending'
    `.execute(trx);
    await sql`
      INSERT INTO commission_entries (kind, source_id, amount, description, created_at)
      SELECT 'payout', id, ${COMMISSION_PER_PAYOUT_CENTAVOS}::bigint,
        format(${staffMessages.admin.payoutCommission('%s')}::text, '₱' || to_char(amount / 100.0, 'FM999,999,990.00')), decided_at
      FROM payouts WHERE status = 'approved'
    `.execute(trx);
    await sql`
      INSERT INTO admin_logs (admin_id, action, target_id, details, ip_address, created_at)
      SELECT decided_by, CASE status WHEN 'approved' THEN 'approve_payout' ELSE 'decline_payout' END, id,
        jsonb_build_object('userId', user_id, 'amount', to_char(amount / 100.0, 'FM999999990.00'), 'paymentMethod', payment_method),
        '127.0.0.1', decided_at
      FROM payouts WHERE status <> 'pending'
    `.execute(trx);

    await seedSupportConversations(trx, members, admin);
    await seedCommissionPayouts(trx, sizes.commissionPayouts, admin);

    await sql`
      UPDATE users u SET
        available_balance = l.available, pending_payout = l.pending, total_earnings = l.earnings,
        referral_earnings = l.referral, total_paid_out = l.paid_out, ledger_rows = l.rows, completed_tasks = l.earning_rows
      FROM (
        SELECT user_id, count(*) AS rows, count(*) FILTER (WHERE type = 'earning') AS earning_rows, sum(available_delta) AS available, sum(pending_delta) AS pending, sum(earnings_delta) AS earnings,
          sum(referral_delta) AS referral, sum(paid_out_delta) AS paid_out
        FROM transactions GROUP BY user_id
      ) l
      WHERE l.user_id = u.id
    `.execute(trx);
    // Rows written in bulk are chained as postToLedger and logAdminAction chain one row at a time.
    await rechainLedger(trx);
    await rechainAdminLogs(trx);
  });
  // As autovacuum would have on a live database: statistics for the planner, and the visibility map that
  // lets index-only scans (the pending payouts' sum, say) skip the table.
  await sql`VACUUM ANALYZE`.execute(db);
}

const SUPPORT_QUESTIONS = [
  'Hello, my last task did not add to my balance. Can you check?',
  'When will my payout arrive? It has been pending for a while.',
  'How do I upgrade to VIP with G-CASH?',
  'The task page did not load on my phone.',
  'Can I change the number my payouts go to?',
];
const SUPPORT_ANSWERS = [
  'Thank you for writing. We are checking it now and will get back to you today.',
  'Payouts are reviewed in the order they were asked for; yours is in the queue.',
  'Choose a plan on the VIP page, send the amount shown by G-CASH, then enter the reference number.',
];

/**
 * A conversation with support for each member: 2, 3 or 4 messages, the member's first and then in turn,
 * two hours apart. The admins have read every member's message except the last of a conversation that
 * ends with the member (a third of them: the inbox's unread); the members have read the replies.
 */
async function seedSupportConversations(trx: Db, members: number, admin: string): Promise<void> {
  await sql`
    INSERT INTO support_messages (user_id, message, is_user_message, author_id, read_by_user_at, read_by_admin_at, created_at)
    SELECT ${idOf('bench-member-', 'i')},
      CASE WHEN n % 2 = 1 THEN ${pick(SUPPORT_QUESTIONS, 'i + n')} ELSE ${pick(SUPPORT_ANSWERS, 'i + n')} END,
      n % 2 = 1,
      CASE WHEN n % 2 = 0 THEN ${admin} END,
      CASE WHEN n % 2 = 0 THEN s.at + interval '30 minutes' END,
      CASE WHEN n % 2 = 1 AND n < 2 + i % 3 THEN s.at + interval '1 hour' END,
      s.at
    FROM generate_series(1, ${members}::int) AS i
    CROSS JOIN LATERAL generate_series(1, 2 + i % 3) AS n
    CROSS JOIN LATERAL (
      SELECT now() - interval '1 day' - (i % 60) * interval '1 day' - (i * 13 % 86400) * interval '1 second' + n * interval '2 hours' AS at
    ) s
  `.execute(trx);
}

/**
 * The operator's payout requests: `count` of 5 to 9 pesos each to named accounts (so an admin's search
 * finds some by name), all but one in eleven pending; of the others, half paid, a quarter approved and a
 * quarter rejected, each with the note and admin log row the admin's action writes.
 */
async function seedCommissionPayouts(trx: Db, count: number, admin: string): Promise<void> {
  const notes = staffMessages.commission.notes;
  await sql`
    INSERT INTO commission_payouts (id, amount, payment_method, account_details, status, notes, requested_at, processed_at)
    SELECT id, amount, payment_method, account_details, status,
      CASE status WHEN 'paid' THEN ${notes.paid} WHEN 'approved' THEN ${notes.approved} WHEN 'rejected' THEN ${notes.rejected} END,
      requested_at,
      CASE WHEN status IN ('paid', 'rejected') THEN requested_at + interval '1 day' END
    FROM (
      SELECT ${idOf('bench-commission-payout-', 'c')} AS id,
        500 + (c % 5) * 100 AS amount,
        ${pick(COMMISSION_PAYOUT_METHODS, 'c')} AS payment_method,
        ${pick(FIRST_NAMES, 'c')} || ' ' || ${pick(LAST_NAMES, 'c / 7')} || ', 09' || lpad((c * 7919 % 1000000000)::text, 9, '0') AS account_details,
        CASE WHEN c % 11 <> 0 THEN 'pending' ELSE (ARRAY['paid', 'paid', 'approved', 'rejected'])[1 + (c / 11) % 4] END AS status,
        now() - interval '2 days' - (c % 400) * interval '1 day' - (c % 86400) * interval '1 second' AS requested_at
      FROM generate_series(1, ${count}::int) AS c
    ) r
  `.execute(trx);
  await sql`
    INSERT INTO admin_logs (admin_id, action, target_id, details, ip_address, created_at)
    SELECT ${admin},
      CASE status WHEN 'paid' THEN 'pay_commission_payout' WHEN 'approved' THEN 'approve_commission_payout' ELSE 'reject_commission_payout' END,
      id,
      jsonb_build_object('amount', to_char(amount / 100.0, 'FM999999990.00'), 'paymentMethod', payment_method, 'notes', notes),
      '127.0.0.1', requested_at + interval '1 day'
    FROM commission_payouts WHERE status <> 'pending'
  `.execute(trx);
}

/** `seed.ts` against DATABASE_URL or the PGlite data under DATA_DIR: migrate, seed if empty, check the books. */
async function main(): Promise<number> {
  const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    if (!(await isEmpty(handle.db))) {
      console.error('The database already holds users; the bench seed only fills an empty one.');
      return 1;
    }
    const started = performance.now();
    await seedBenchData(handle.db);
    console.log(`Seeded ${handle.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const report = await checkBooks(handle.db);
    console.log(summarizeBooks(report));
    return report.problems.length > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
