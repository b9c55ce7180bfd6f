import { type Cluster, FRAUD_LIMITS } from '@app/contracts';
import type { Db } from '@app/db';
import { type RawBuilder, sql } from 'kysely';

/**
 * Clusters (docs/product-rules.md#fraud-rules): the accounts tied through strong links (a shared device, a
 * shared payout destination, shared rare browser traits), directly or through each other. They are walked
 * breadth first from one account, at most FRAUD_LIMITS.clusterMaxMembers accounts, and stored in
 * `account_clusters` (migration 0025) for the admins' payout queue, which shows each member's cluster size.
 */

/** A kind of account signal: the strong links are all of them. */
export type SignalKind = 'device' | 'destination' | 'traits';

/**
 * The most accounts one shared device, destination or traits value ties a member to, as rows: a value
 * shared by thousands (a payout number passed around) is counted exactly, but only this many are read.
 */
export const SIGNAL_LINKS_READ = 100;
/** Shared values whose holders one statement of a walk reads. */
const VALUES_PER_READ = 200;
/** The most walks one recompute makes; accounts left over wait for the next. */
const WALKS_PER_RECOMPUTE = 20;
/** Recomputes take turns under this advisory lock; any fixed number no other advisory lock of the product uses. */
const CLUSTER_LOCK_KEY = 7_336_101_000_003;

/**
 * Whether a browser-traits value is rare: held by at most FRAUD_LIMITS.rareTraitsAccounts accounts. More
 * is a common phone model and browser version, which links nobody. Counted no further than it needs.
 */
export function rareTraits(value: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(SELECT count(*) FROM (
    SELECT 1 FROM account_signals c WHERE c.kind = 'traits' AND c.value = ${value} LIMIT ${FRAUD_LIMITS.rareTraitsAccounts + 1}
  ) counted) <= ${FRAUD_LIMITS.rareTraitsAccounts}`;
}

interface SharedValue {
  kind: SignalKind;
  value: string;
  /** The accounts holding it, as read (at most SIGNAL_LINKS_READ). */
  holders: string[];
}

interface Walk {
  members: Set<string>;
  /** The walk stopped at FRAUD_LIMITS.clusterMaxMembers with links not followed. */
  capped: boolean;
  /** The shared values that tie the members, each with its holders. */
  links: SharedValue[];
}

/** The holders of each value (at most SIGNAL_LINKS_READ each), in one statement. */
async function holdersOf(db: Db, values: readonly { kind: SignalKind; value: string }[]): Promise<SharedValue[]> {
  const { rows } = await sql<{ kind: SignalKind; value: string; userId: string }>`
    SELECT v.kind, v.value, h.user_id
    FROM (VALUES ${sql.join(values.map(({ kind, value }) => sql`(${kind}, ${value})`))}) AS v (kind, value)
    CROSS JOIN LATERAL (
      SELECT s.user_id FROM account_signals s WHERE s.kind = v.kind AND s.value = v.value LIMIT ${SIGNAL_LINKS_READ}
    ) h
  `.execute(db);
  const byValue = new Map<string, SharedValue>();
  for (const row of rows) {
    const key = `${row.kind}\u0000${row.value}`;
    const shared = byValue.get(key) ?? { kind: row.kind, value: row.value, holders: [] };
    shared.holders.push(row.userId);
    byValue.set(key, shared);
  }
  return [...byValue.values()];
}

/** A value that ties its holders: held by two or more, and for browser traits by few enough (rareTraits). */
function ties(shared: SharedValue): boolean {
  if (shared.holders.length < 2) return false;
  return shared.kind !== 'traits' || shared.holders.length <= FRAUD_LIMITS.rareTraitsAccounts;
}

/**
 * The cluster of `start` as the links are now, breadth first: each round reads the signals of the accounts
 * reached last, then the holders of the values not read yet. Stops at FRAUD_LIMITS.clusterMaxMembers
 * accounts, or as soon as `until` is reached.
 */
async function walkCluster(db: Db, start: string, until?: string): Promise<Walk> {
  const members = new Set([start]);
  const read = new Set<string>();
  const links: SharedValue[] = [];
  let frontier = [start];
  while (frontier.length > 0) {
    const signals = await db.selectFrom('accountSignals').select(['kind', 'value']).distinct().where('userId', 'in', frontier).execute();
    const unread = signals.filter(({ kind, value }) => !read.has(`${kind}\u0000${value}`));
    for (const { kind, value } of unread) read.add(`${kind}\u0000${value}`);
    const reached: string[] = [];
    for (let from = 0; from < unread.length; from += VALUES_PER_READ) {
      for (const shared of (await holdersOf(db, unread.slice(from, from + VALUES_PER_READ))).filter(ties)) {
        links.push(shared);
        for (const holder of shared.holders) {
          if (members.has(holder)) continue;
          if (members.size >= FRAUD_LIMITS.clusterMaxMembers) return { members, capped: true, links };
          members.add(holder);
          reached.push(holder);
          if (holder === until) return { members, capped: false, links };
        }
      }
    }
    frontier = reached;
  }
  return { members, capped: false, links };
}

/**
 * Whether two accounts are in one cluster now: a walk from one over the strong links as they are at this
 * moment (not the stored clusters, which follow a moment later), stopping when it reaches the other. False
 * when the other lies beyond FRAUD_LIMITS.clusterMaxMembers accounts.
 */
export async function inSameCluster(db: Db, userId: string, otherId: string): Promise<boolean> {
  if (userId === otherId) return true;
  return (await walkCluster(db, userId, otherId)).members.has(otherId);
}

/**
 * The member's cluster as the admins' review shows it: its size, whether the walk was capped, and each
 * member (the reviewed one first, then by e-mail) with the links that tie it to others of the cluster,
 * shown as `shown` masks them.
 */
export async function clusterOf(db: Db, userId: string, shown: (kind: SignalKind, value: string) => string): Promise<Cluster> {
  const { members, capped, links } = await walkCluster(db, userId);
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...members])
    .execute();
  const tiesOf = (member: string) => {
    const texts = new Map<string, { kind: SignalKind; value: string }>();
    for (const link of links) {
      if (!link.holders.includes(member) || link.holders.filter((holder) => members.has(holder)).length < 2) continue;
      const tie = { kind: link.kind, value: shown(link.kind, link.value) };
      texts.set(`${tie.kind}\u0000${tie.value}`, tie);
    }
    return [...texts.values()];
  };
  const order = (account: { id: string; email: string }) => (account.id === userId ? '' : `\u0001${account.email}`);
  return {
    size: members.size,
    capped,
    members: accounts
      .sort((a, b) => order(a).localeCompare(order(b)))
      .map((account) => ({ userId: account.id, email: account.email, ties: tiesOf(account.id) })),
  };
}

/**
 * Notes, in the transaction that recorded a signal new to the account, that the account's cluster must be
 * walked again; and when that signal made a browser-traits value common (one holder more than
 * FRAUD_LIMITS.rareTraitsAccounts), the clusters of every holder, which it may have been all that joined.
 * The row is written even when it is there already, so a recompute deleting it waits for this transaction
 * and then reads its signal.
 */
export async function noteNewSignal(db: Db, userId: string, kind: SignalKind, value: string, at: Date): Promise<void> {
  const stale = (holders: RawBuilder<unknown>) => sql`
    INSERT INTO stale_clusters (user_id, since) ${holders}
    ON CONFLICT (user_id) DO UPDATE SET since = least(stale_clusters.since, excluded.since)
  `;
  await stale(sql`VALUES (${userId}, ${at}::timestamptz)`).execute(db);
  if (kind !== 'traits') return;
  const { rows } = await sql<{ holders: number }>`
    SELECT count(*)::int AS holders FROM (
      SELECT 1 FROM account_signals WHERE kind = 'traits' AND value = ${value} LIMIT ${FRAUD_LIMITS.rareTraitsAccounts + 2}
    ) counted
  `.execute(db);
  if (rows[0]?.holders !== FRAUD_LIMITS.rareTraitsAccounts + 1) return;
  await stale(sql`SELECT user_id, ${at}::timestamptz FROM account_signals WHERE kind = 'traits' AND value = ${value}`).execute(db);
}

/**
 * Stores a walked cluster: every member under its least member's id, or no row for a cluster of one. Rows
 * are written only when the cluster is not stored as it is, each written row notifying `cluster:<member>`
 * (migration 0025). Gives the accounts that were in one cluster with a member and are not in this one: what
 * joined them is gone, so their clusters must be walked again.
 */
async function storeCluster(db: Db, members: ReadonlySet<string>, now: Date): Promise<string[]> {
  const ids = [...members];
  const stored = await db.selectFrom('accountClusters').select(['userId', 'clusterId']).where('userId', 'in', ids).execute();
  const storedIds = [...new Set(stored.map((row) => row.clusterId))];
  const mates = storedIds.length
    ? await db.selectFrom('accountClusters').select('userId').where('clusterId', 'in', storedIds).execute()
    : [];
  const left = mates.map((row) => row.userId).filter((id) => !members.has(id));
  if (ids.length === 1) {
    if (stored.length > 0) await db.deleteFrom('accountClusters').where('userId', 'in', ids).execute();
    return left;
  }
  const [clusterId] = [...ids].sort() as [string];
  const unchanged = left.length === 0 && stored.length === ids.length && stored.every((row) => row.clusterId === clusterId);
  if (!unchanged) {
    // Every member's row is written, those that keep their id too: the cluster's size changed for them all.
    await db
      .insertInto('accountClusters')
      .values(ids.map((userId) => ({ userId, clusterId, updatedAt: now })))
      .onConflict((oc) => oc.column('userId').doUpdateSet({ clusterId, updatedAt: now }))
      .execute();
  }
  return left;
}

/**
 * Walks again the clusters of the accounts noted stale (noteNewSignal) and stores them, in its own
 * transaction under one advisory lock, so two recomputes never interleave their reads and writes. The
 * notes are taken first: a signal recorded meanwhile either is read by this walk or leaves a note for the
 * next. Accounts that fell out of a walked cluster are walked too. At most WALKS_PER_RECOMPUTE walks; the
 * accounts left over are noted again.
 */
export async function recomputeStaleClusters(db: Db, now: Date): Promise<void> {
  if (!(await db.selectFrom('staleClusters').select('userId').limit(1).executeTakeFirst())) return;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(CLUSTER_LOCK_KEY)})`.execute(trx);
    const { rows: taken } = await sql<{ userId: string }>`
      DELETE FROM stale_clusters WHERE user_id IN (
        SELECT user_id FROM stale_clusters ORDER BY since, user_id LIMIT ${WALKS_PER_RECOMPUTE}
      ) RETURNING user_id
    `.execute(trx);
    const queue = taken.map((row) => row.userId);
    const walked = new Set<string>();
    const leftOver = new Set<string>();
    let walks = 0;
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (walked.has(next)) continue;
      if (walks >= WALKS_PER_RECOMPUTE) {
        leftOver.add(next);
        continue;
      }
      walks += 1;
      const { members } = await walkCluster(trx, next);
      for (const member of members) walked.add(member);
      queue.push(...(await storeCluster(trx, members, now)));
    }
    if (leftOver.size > 0) {
      await trx
        .insertInto('staleClusters')
        .values([...leftOver].map((userId) => ({ userId, since: now })))
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
    }
  });
}
