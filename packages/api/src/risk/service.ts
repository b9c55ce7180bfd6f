import { addressBlock, FRAUD_LIMITS, maskDestination, pluralize, type RiskReason, staffMessages, type UserRisk } from '@app/contracts';
import { type Db, jsonb } from '@app/db';
import { sql } from 'kysely';
import { noteNewSignal, rareTraits, recomputeStaleClusters, SIGNAL_LINKS_READ, type SignalKind } from './clusters';
import { velocityOf } from './velocity';

/**
 * Linked accounts and risk (docs/product-rules.md#fraud-rules). Two accounts are linked when they
 * share a device id, a payout destination or rare browser traits, and weakly linked when they signed in
 * from one address within 24 hours (an IPv6 address by its /64: addressBlock). A member's risk score sums
 * the weight of each reason, at most 100.
 */

/** How an account is tied to another: a shared signal (linked), or an address (weakly). */
type LinkKind = SignalKind | 'address';

const r = staffMessages.risk.reasons;

/** How far back sign-ins are compared by address. */
const ADDRESS_LOOKBACK_DAYS = 90;
/**
 * The most accounts one address links a member to. Thousands of members can share one address (a mobile
 * carrier's NAT): the reason's weight is capped long before this, and the review lists fewer.
 */
const ADDRESS_LINKS_COUNTED = 100;
/**
 * Up to this many accounts sharing a device or destination are rescored when one more joins them; past it
 * their weight is long at its cap and only the count in their reason's text would move, so they are
 * rescored at their own next sign-in or payout instead (rescoring thousands made each payout take seconds).
 */
const RESCORED_PER_VALUE = 20;
/** The most linked accounts one member's review lists; the reasons still count them all. */
const LINKED_ACCOUNTS_SHOWN = 50;

interface Link {
  userId: string;
  kind: LinkKind;
  value: string;
  /** How many other accounts share this value (all of them, not only those read). */
  sharers: number;
}

/**
 * The accounts tied to this one, with what ties them (one row per account and shared value). Browser traits
 * tie only while rare: a common value is left out before its holders are counted.
 */
async function linksOf(db: Db, userId: string, now: Date): Promise<Link[]> {
  const { rows } = await sql<Link>`
    SELECT other.user_id, mine.kind, mine.value, sharers.count AS sharers
    FROM account_signals mine
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS count FROM account_signals s WHERE s.kind = mine.kind AND s.value = mine.value AND s.user_id <> mine.user_id
    ) sharers
    CROSS JOIN LATERAL (
      SELECT o.user_id FROM account_signals o
      WHERE o.kind = mine.kind AND o.value = mine.value AND o.user_id <> mine.user_id
      LIMIT ${SIGNAL_LINKS_READ}
    ) other
    WHERE mine.user_id = ${userId} AND (mine.kind <> 'traits' OR ${rareTraits(sql.ref('mine.value'))})
    UNION ALL
    (
      SELECT other.user_id, 'address', min(other.address_block), 0
      FROM sign_ins mine
      JOIN sign_ins other ON other.address_block = mine.address_block AND other.user_id <> mine.user_id
        AND other.created_at BETWEEN mine.created_at - interval '24 hours' AND mine.created_at + interval '24 hours'
      WHERE mine.user_id = ${userId} AND mine.created_at > ${now}::timestamptz - make_interval(days => ${ADDRESS_LOOKBACK_DAYS})
      GROUP BY other.user_id
      LIMIT ${ADDRESS_LINKS_COUNTED}
    )
  `.execute(db);
  return rows;
}

/**
 * What a shared value looks like to an admin: a device and browser traits never by their value, a
 * destination masked, an address without its last part.
 */
export function shownValue(kind: LinkKind, value: string): string {
  if (kind === 'device') return 'a device';
  if (kind === 'traits') return 'browser traits';
  if (kind === 'destination') return maskDestination(value);
  const ipv4 = value.match(/^(\d+\.\d+\.\d+)\.\d+$/);
  return ipv4 ? `${ipv4[1]}.•` : `${value.split(':').slice(0, 3).join(':')}:•`;
}

/**
 * Each reason's weight: a shared device or destination weighs most, rare browser traits less (one phone
 * model and browser can be two people), an address least; accounts made or paying out together add theirs.
 */
const WEIGHTS = {
  shared_device: (accounts: number) => Math.min(60, 30 + 10 * accounts),
  shared_destination: (accounts: number) => Math.min(60, 30 + 10 * accounts),
  shared_traits: (accounts: number) => Math.min(30, 15 + 5 * accounts),
  shared_address: (accounts: number) => Math.min(20, 5 + 5 * accounts),
  made_together_device: () => 25,
  made_together_address: () => 15,
  paying_out_together: () => 20,
  linked_referral: () => 20,
  held_referral: () => 10,
} as const;

type ReasonCode = keyof typeof WEIGHTS;
interface WeightedReason extends RiskReason {
  weight: number;
}

/** The member's score, reasons and linked accounts, as of now. */
export async function assessRisk(db: Db, userId: string, now: Date): Promise<Omit<UserRisk, 'cluster'> & { exists: boolean }> {
  const [allLinks, velocity, referrals, member] = await Promise.all([
    linksOf(db, userId, now),
    velocityOf(db, userId),
    db
      .selectFrom('referrals')
      .select(['referrerId', 'referredUserId', 'status'])
      .where((eb) => eb.or([eb('referrerId', '=', userId), eb('referredUserId', '=', userId)]))
      .execute(),
    db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst(),
  ]);

  const reasons: WeightedReason[] = [];
  const add = (code: ReasonCode, count: number, text: string) => reasons.push({ code, text, weight: WEIGHTS[code](count) });

  const devices = new Set(allLinks.filter((link) => link.kind === 'device').map((link) => link.userId));
  // One browser shows one set of traits: they tell something only of accounts that do not share its cookie.
  const links = allLinks.filter((link) => link.kind !== 'traits' || !devices.has(link.userId));
  const accountsBy = (kind: LinkKind) => new Set(links.filter((link) => link.kind === kind).map((link) => link.userId));
  // The accounts read, or the most sharers of one device when there were more than were read.
  const deviceSharers = Math.max(devices.size, ...links.filter((link) => link.kind === 'device').map((link) => link.sharers));
  if (devices.size > 0) add('shared_device', deviceSharers, r.sharedDevice(pluralize(deviceSharers, 'account')));
  const destinations = new Map<string, { accounts: Set<string>; sharers: number }>();
  for (const link of links.filter((candidate) => candidate.kind === 'destination')) {
    const shared = destinations.get(link.value) ?? { accounts: new Set<string>(), sharers: link.sharers };
    shared.accounts.add(link.userId);
    destinations.set(link.value, shared);
  }
  for (const [value, { sharers }] of destinations) {
    add('shared_destination', sharers, r.sharedDestination(shownValue('destination', value), pluralize(sharers, 'account')));
  }
  const traits = accountsBy('traits');
  if (traits.size > 0) add('shared_traits', traits.size, r.sharedTraits(pluralize(traits.size, 'account')));
  const addresses = accountsBy('address');
  if (addresses.size > 0) add('shared_address', addresses.size, r.sharedAddress(pluralize(addresses.size, 'account')));

  const together = FRAUD_LIMITS.velocityAccounts;
  if (velocity.fromDevice >= together) add('made_together_device', velocity.fromDevice, r.madeFromOneDevice(velocity.fromDevice));
  if (velocity.fromAddress >= together) add('made_together_address', velocity.fromAddress, r.madeFromOneAddress(velocity.fromAddress));
  for (const [value, accounts] of velocity.toDestinations) {
    if (accounts >= together) add('paying_out_together', accounts, r.payingOutTogether(accounts, shownValue('destination', value)));
  }

  const strongly = new Set([...devices, ...traits, ...[...destinations.values()].flatMap(({ accounts }) => [...accounts])]);
  const sponsor = referrals.find((referral) => referral.referredUserId === userId);
  const linkedFriends = referrals.filter((referral) => referral.referrerId === userId && strongly.has(referral.referredUserId));
  if (sponsor && strongly.has(sponsor.referrerId)) add('linked_referral', 1, r.referredByLinked);
  if (linkedFriends.length > 0)
    add('linked_referral', linkedFriends.length, r.referredLinked(pluralize(linkedFriends.length, 'linked account')));
  const held = referrals.filter((referral) => referral.referrerId === userId && referral.status === 'held').length;
  if (held > 0) add('held_referral', held, r.heldBonuses(pluralize(held, 'referral bonus', 'referral bonuses')));

  const linkedIds = [...new Set(links.map((link) => link.userId))];
  const emails = linkedIds.length
    ? await db.selectFrom('users').select(['id', 'email']).where('id', 'in', linkedIds.slice(0, LINKED_ACCOUNTS_SHOWN)).execute()
    : [];
  const linkedAccounts = emails.map((account) => ({
    userId: account.id,
    email: account.email,
    via: links.filter((link) => link.userId === account.id).map((link) => ({ kind: link.kind, value: shownValue(link.kind, link.value) })),
  }));
  // Strong links first, then by e-mail, so the review reads the same every time.
  const strength = (account: (typeof linkedAccounts)[number]) => (account.via.some((via) => via.kind !== 'address') ? 0 : 1);
  linkedAccounts.sort((a, b) => strength(a) - strength(b) || a.email.localeCompare(b.email));

  return {
    exists: member !== undefined,
    score: Math.min(
      100,
      reasons.reduce((sum, reason) => sum + reason.weight, 0),
    ),
    reasons: reasons.map(({ code, text }) => ({ code, text })),
    linkedAccounts,
  };
}

/**
 * Brings the clusters of accounts that gained a signal up to date (recomputeStaleClusters), then stores the
 * scores of these members and of every account tied to them by a shared signal, for the admins' queue: run
 * after a sign-in, a payout request or a referral changed what ties accounts together.
 */
export async function refreshRiskScores(db: Db, userIds: readonly string[], now: Date): Promise<void> {
  await recomputeStaleClusters(db, now);
  const affected = new Set(userIds);
  // Only a shared signal moves the other accounts' scores at once, and only while few share it
  // (RESCORED_PER_VALUE): an address is shared by strangers behind one carrier's NAT, and rescoring all of
  // them at every sign-in would cost a sign-in per account there. Theirs catch up at their own next sign-in or payout.
  for (const userId of userIds) {
    for (const link of await linksOf(db, userId, now)) {
      if (link.kind !== 'address' && link.sharers <= RESCORED_PER_VALUE) affected.add(link.userId);
    }
  }
  for (const userId of affected) {
    const risk = await assessRisk(db, userId, now);
    if (!risk.exists) continue;
    await db
      .insertInto('riskScores')
      .values({ userId, score: risk.score, reasons: jsonb(risk.reasons), updatedAt: now })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ score: risk.score, reasons: jsonb(risk.reasons), updatedAt: now }))
      .execute();
  }
}

/**
 * Records a sign-in (the client's address as the trusted proxies saw it, and the device id), then brings
 * the scores of the account and of the accounts it is now tied to up to date.
 */
export async function recordSignIn(db: Db, signIn: { userId: string; address: string; deviceId: string | null; at: Date }): Promise<void> {
  await db
    .insertInto('signIns')
    .values({
      userId: signIn.userId,
      address: signIn.address,
      addressBlock: addressBlock(signIn.address),
      deviceId: signIn.deviceId,
      createdAt: signIn.at,
    })
    .execute();
  if (signIn.deviceId) await recordSignal(db, signIn.userId, 'device', signIn.deviceId, signIn.at);
  await refreshRiskScores(db, [signIn.userId], signIn.at);
}

/**
 * Records the browser traits the member app sent after sign-in (POST /api/auth/device): a new value may tie
 * the account to others, so their clusters and scores are brought up to date.
 */
export async function recordDeviceTraits(db: Db, userId: string, traits: string, now: Date): Promise<void> {
  if (await recordSignal(db, userId, 'traits', traits, now)) await refreshRiskScores(db, [userId], now);
}

/**
 * Notes that an account used a device, a payout destination or a browser (first and last time seen), and
 * says whether it is new to the account: only then can it tie the account to others, and its cluster is
 * noted for a walk (noteNewSignal), in the caller's transaction.
 */
export async function recordSignal(db: Db, userId: string, kind: SignalKind, value: string, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('accountSignals')
    .values({ userId, kind, value, firstSeenAt: at, lastSeenAt: at })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'value']).doUpdateSet({ lastSeenAt: at }))
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirstOrThrow();
  if (row.inserted) await noteNewSignal(db, userId, kind, value, at);
  return row.inserted;
}
