import {
  COMMISSION_EDIT_MAX_CENTAVOS,
  COMMISSION_PAYOUT_METHODS,
  COMMISSION_PAYOUT_TRANSITIONS,
  COMMISSION_PER_PAYOUT_CENTAVOS,
  COMMISSION_PER_UPGRADE_CENTAVOS,
  type CommissionPayoutStatus,
  type CommissionPayoutTarget,
  FREE_DAILY_TASK_LIMIT,
  formatAmount,
  PAYOUT_MAX_CENTAVOS,
  PAYOUT_METHODS,
  PAYOUT_MIN_CENTAVOS,
  REFERRAL_BONUS_CENTAVOS,
  VIEW_EXPIRY_SECONDS,
  VIP_DAILY_TASK_LIMIT,
  VIP_SPONSOR_BONUS_CENTAVOS,
} from '@app/contracts';
import { checkBooks, summarizeBooks } from '@app/db';
import { gcashDetails, paymentDetailsFor } from '@app/testkit/fixtures';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOperator, signInUnlockedAdmin, startTestApp, type TestApp } from './helpers';

/**
 * A bank workload in the style of Jepsen's: many members, thousands of random money operations sent
 * through the HTTP API in concurrent waves, then the books are checked twice: by the server's own
 * check (checkBooks) and against a model the test keeps from the answers it saw. BANK_SEED=<seed> makes
 * the same choices as that run did, as far as the answers (which concurrency may order differently) agree.
 */

const MEMBERS = 60;
/** Random operations to send (besides the sign-up ones), in waves of WAVE_SIZE sent at once. */
const OPERATIONS = 2_100;
const WAVE_SIZE = { min: 50, max: 100 };
/** Every this many waves the clock moves to the next day, so daily limits start over. */
const WAVES_PER_DAY = 6;
/** Once, the clock jumps past the 15 days of a plan, so running plans expire mid-run. */
const PLAN_EXPIRY_WAVE = 20;
const SEED = Number(process.env.BANK_SEED ?? Math.floor(Math.random() * 2 ** 31));

const DAY_MS = 24 * 60 * 60 * 1000;

/** mulberry32: small, fast and good enough to choose operations; the same seed gives the same run. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
const random = randomSource(SEED);

/** "1234.50" (or "-3.00") -> centavos, exactly. */
function centavos(amount: string): number {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return amount.startsWith('-') ? -value : value;
}

// --- The model: what the test believes, from the answers it saw --------------------------------------

interface Member {
  id: string;
  cookie: string;
  referralCode: string;
  available: number;
  pending: number;
  paidOut: number;
  sponsorId: string | null;
  /**
   * The milestones of the member's referral whose bonus the sponsor has been credited, each once, in either
   * order, and the first-task bonus still pending until the member's first approved payout.
   */
  referral: { firstTask: boolean; firstVip: boolean; pending: number } | null;
  /** Whether a payout of the member's was ever approved: a first-task bonus for their sponsor waits for it. */
  payoutApproved: boolean;
  friendIds: string[];
  /** Whether a plan ever started for the member (then up to the plan's daily limit, else the FREE one). */
  everVip: boolean;
  /** Tasks credited: a code can be applied only before the first (and within 24 hours of joining, by the database's clock, which the run never reaches). */
  tasksCompleted: number;
}

interface OpenView {
  memberId: string;
  taskId: string;
  startedAt: number;
}

const members: Member[] = [];
const memberById = new Map<string, Member>();
const tasks: { id: string; vipOnly: boolean }[] = [];
let plans: { id: string; price: number }[] = [];
const openViews = new Map<string, OpenView>();
const pendingPayouts = new Map<string, { memberId: string; amount: number }>();
const decidedPayouts: string[] = [];
const decidedVipRequests: string[] = [];
const usedProofs: string[] = [];
/** The operator's payouts, each with the admin (index in `admins`) whose stats edit last changed the balance before it was asked for. */
const commissionPayouts = new Map<string, { amount: number; status: CommissionPayoutStatus; balanceEditor: number | null }>();
/** Money that entered or left the members' books, as the answers said. */
const totals = { earnings: 0, bonuses: 0, adjustments: 0, vipPurchases: 0 };
/** The operator's earnings, and the stats editor's adjustments of the balance and of the upgrade earnings in it. */
const commission = { upgrades: 0, payoutApprovals: 0, balanceAdjustments: 0, upgradeAdjustments: 0 };
/** The admin (index in `admins`) whose stats edit last changed the operator's balance, as the answers said. */
let balanceEditor: number | null = null;
/** Credited task views per member and day (in the app's time zone), from the completions' answers. */
const creditsPerDay = new Map<string, number>();
/** Answers that contradicted what the call had just done (checked at the end). */
const contradictions: string[] = [];

function operatorBalance(): number {
  let requested = 0;
  for (const payout of commissionPayouts.values()) if (payout.status !== 'rejected') requested += payout.amount;
  return (
    commission.upgrades * COMMISSION_PER_UPGRADE_CENTAVOS +
    commission.payoutApprovals * COMMISSION_PER_PAYOUT_CENTAVOS +
    commission.balanceAdjustments -
    requested
  );
}

function operatorUpgradeEarnings(): number {
  return commission.upgrades * COMMISSION_PER_UPGRADE_CENTAVOS + commission.upgradeAdjustments;
}

/**
 * A referral milestone as the model keeps it (docs/product-rules.md#referral-bonuses-wait-for-proof): the VIP
 * bonus is the sponsor's at once, the first-task bonus only once the friend has had a payout approved (the
 * members here share no device or destination, so no bonus is held).
 */
function creditSponsor(friend: Member, milestone: 'first-task' | 'first-vip') {
  if (!friend.sponsorId || !friend.referral) return;
  const reached = milestone === 'first-task' ? 'firstTask' : 'firstVip';
  if (friend.referral[reached]) return;
  friend.referral[reached] = true;
  if (milestone === 'first-task' && !friend.payoutApproved) {
    friend.referral.pending += REFERRAL_BONUS_CENTAVOS;
    return;
  }
  memberById.get(friend.sponsorId)!.available += milestone === 'first-task' ? REFERRAL_BONUS_CENTAVOS : VIP_SPONSOR_BONUS_CENTAVOS;
  totals.bonuses += milestone === 'first-task' ? REFERRAL_BONUS_CENTAVOS : VIP_SPONSOR_BONUS_CENTAVOS;
}

/** The friend's payout was approved: the sponsor's pending bonus for them becomes available. */
function releasePendingBonus(friend: Member) {
  friend.payoutApproved = true;
  if (!friend.sponsorId || !friend.referral?.pending) return;
  memberById.get(friend.sponsorId)!.available += friend.referral.pending;
  totals.bonuses += friend.referral.pending;
  friend.referral.pending = 0;
}

/** The bonuses pending for a sponsor, by the model. */
const pendingBonusesOf = (sponsor: Member) => sponsor.friendIds.reduce((sum, id) => sum + (memberById.get(id)!.referral?.pending ?? 0), 0);

// --- Operations ----------------------------------------------------------------------------------------

type OpKind =
  | 'task.start'
  | 'task.complete'
  | 'payout.request'
  | 'admin.payout.decide'
  | 'admin.balance.edit'
  | 'vip.with-earnings'
  | 'vip.by-reference'
  | 'admin.vip.pending'
  | 'admin.vip.decide'
  | 'referral.use-code'
  | 'operator.payout.request'
  | 'admin.commission.status'
  | 'admin.commission.stats';

/** How the answers of operations sent together at one target must add up. */
type GroupRule = 'exactly-one-200' | 'at-most-one-200' | 'at-most-one-success';

interface Op {
  kind: OpKind;
  /** The statuses the contract allows for this call in this situation. */
  allowed: readonly number[];
  /** For task completions: the `error` values (or 'success') this call may answer. */
  outcomes?: readonly string[];
  group?: { id: string; rule: GroupRule };
  /** What the model knew when it chose the call, for the report of an unexpected answer. */
  context?: string;
  request: InjectOptions;
  /** Updates the model from the answer. */
  settle?(response: LightMyRequestResponse): void;
}

interface Result {
  op: Op;
  status: number;
  outcome: string;
}

const results: Result[] = [];

let t: TestApp;
let admins: string[] = [];
let operatorCookie = '';

const as = (cookie: string, method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  headers: { cookie },
  ...(payload === undefined ? {} : { payload }),
});

/** The operations of one wave, and which members they touch, so racing ones stay within what the model can follow. */
class Wave {
  readonly ops: Op[] = [];
  readonly #touched = new Set<string>();
  readonly #exclusive = new Set<string>();
  /** Member/task pairs, payouts, VIP requests and commission payouts already aimed at in this wave. */
  readonly targets = new Set<string>();
  pendingVip: { id: string; userId: string }[] = [];

  /**
   * Reserves members for an operation. An exclusive one (a balance edit, a VIP decision, a referral code)
   * must be the only operation on them in the wave: its effect depends on what else happens to them.
   */
  claim(memberIds: string[], exclusive = false): boolean {
    if (memberIds.some((id) => this.#exclusive.has(id))) return false;
    if (exclusive && memberIds.some((id) => this.#touched.has(id))) return false;
    for (const id of memberIds) {
      this.#touched.add(id);
      if (exclusive) this.#exclusive.add(id);
    }
    return true;
  }

  aim(target: string): boolean {
    if (this.targets.has(target)) return false;
    this.targets.add(target);
    return true;
  }
}

const viewKey = (memberId: string, taskId: string) => `${memberId}:${taskId}`;
/**
 * A member has one open view: two task calls of one member in a wave would race for it, and which one
 * wins is not the model's to guess, so a wave holds at most one task call (or one burst of a completion)
 * per member. Concurrent starts of one member are tested on their own in tasks.test.ts.
 */
const viewSlot = (memberId: string) => `view:${memberId}`;

/**
 * Most task views come from a few busy members, so they reach their daily limit and completions beyond
 * it are refused; the rest of the views are spread over everyone.
 */
const BUSY_MEMBERS = 8;
const taskMember = () => (random.chance(0.8) ? members[random.int(0, BUSY_MEMBERS - 1)]! : random.pick(members));

function startTask(wave: Wave) {
  const member = taskMember();
  const task = random.pick(tasks);
  if (!wave.aim(viewSlot(member.id)) || !wave.claim([member.id])) return;
  wave.ops.push({
    kind: 'task.start',
    // 403: the day's limit is reached; 404: a VIP task the member's tier does not show.
    allowed: task.vipOnly ? [200, 403, 404] : [200, 403],
    request: as(member.cookie, 'POST', `/api/tasks/${task.id}/start`),
    settle(response) {
      // A view of another task that had lasted its time is credited by the start, even one the limit then refuses.
      const body = response.json();
      const collected = response.statusCode === 200 ? body.collected : body.collectedReward ? { reward: body.collectedReward } : null;
      if (collected) creditView(member, collected.reward);
      if (response.statusCode !== 200) return;
      // One open view per member: a view of another task ended, credited above or without credit.
      for (const [key, view] of openViews) if (view.memberId === member.id && view.taskId !== task.id) openViews.delete(key);
      openViews.set(viewKey(member.id, task.id), {
        memberId: member.id,
        taskId: task.id,
        startedAt: Date.parse(response.json().startedAt),
      });
    },
  });
}

/** A credited view as the model keeps it: the reward, the member's count and the day's, and the sponsor's first-task bonus. */
function creditView(member: Member, rewardText: string) {
  const reward = centavos(rewardText);
  member.tasksCompleted += 1;
  member.available += reward;
  totals.earnings += reward;
  const day = `${member.id} ${appDay(t.clock.now)}`;
  creditsPerDay.set(day, (creditsPerDay.get(day) ?? 0) + 1);
  creditSponsor(member, 'first-task');
}

function completeTask(wave: Wave, waveNumber: number) {
  // Mostly a view the member started; else any task, started or not.
  const open = [...openViews.values()];
  const chosen = open.length > 0 && random.chance(0.85) ? random.pick(open) : { memberId: taskMember().id, taskId: random.pick(tasks).id };
  const key = viewKey(chosen.memberId, chosen.taskId);
  if (!wave.aim(viewSlot(chosen.memberId)) || !wave.claim([chosen.memberId])) return;
  const member = memberById.get(chosen.memberId)!;
  const vipOnly = tasks.find((task) => task.id === chosen.taskId)!.vipOnly;
  const view = openViews.get(key);
  const age = view === undefined ? 0 : t.clock.now.getTime() - view.startedAt;
  const matured = view !== undefined && age >= t.config.TASK_VIEW_SECONDS * 1000;
  const expired = view !== undefined && age >= VIEW_EXPIRY_SECONDS * 1000;
  // Duplicates: the same completion sent two or three times at the same moment.
  const copies = matured && random.chance(0.35) ? random.int(2, 3) : 1;
  const hidden = vipOnly ? ['task-not-found'] : [];
  let outcomes: string[];
  // No view the model knows open: the product answers by how the member's latest view of the task ended.
  if (!view) outcomes = ['view-not-started', 'already-completed', 'view-expired', ...hidden];
  else if (!matured) outcomes = ['view-too-short', ...hidden];
  else if (expired) outcomes = ['view-expired', ...hidden];
  else outcomes = ['success', 'daily-limit-reached', ...(copies > 1 ? ['already-completed'] : []), ...hidden];
  for (let copy = 0; copy < copies; copy++) {
    wave.ops.push({
      kind: 'task.complete',
      allowed: [200],
      outcomes,
      context: view ? `view open since ${new Date(view.startedAt).toISOString()}, now ${t.clock.now.toISOString()}` : 'no open view',
      ...(copies > 1 ? { group: { id: `complete:${waveNumber}:${key}`, rule: 'at-most-one-success' as const } } : {}),
      request: as(member.cookie, 'GET', `/api/tasks/${chosen.taskId}/redirect-complete`),
      settle(response) {
        const body = response.json();
        if (body.success) {
          creditView(member, body.reward);
          openViews.delete(key);
        } else if (body.error === 'already-completed' || body.error === 'view-not-started' || body.error === 'view-expired') {
          openViews.delete(key);
        }
      },
    });
  }
}

function requestPayout(wave: Wave) {
  const variant = random.pick(['valid', 'valid', 'burst', 'too-small', 'too-big', 'over-balance'] as const);
  const withMoney = members.filter((candidate) => candidate.available >= PAYOUT_MIN_CENTAVOS);
  const member = (variant === 'valid' || variant === 'burst') && withMoney.length > 0 ? random.pick(withMoney) : random.pick(members);
  if (!wave.claim([member.id])) return;
  const affordable = Math.min(PAYOUT_MAX_CENTAVOS, member.available);
  const method = random.pick(PAYOUT_METHODS);
  const payout = (amount: number, allowed: readonly number[]): Op => ({
    kind: 'payout.request',
    allowed,
    request: as(member.cookie, 'POST', '/api/payouts', {
      paymentMethod: method,
      amount: formatAmount(amount),
      paymentDetails: paymentDetailsFor(method, members.indexOf(member)),
    }),
    settle(response) {
      if (response.statusCode !== 200) return;
      const body = response.json();
      if (body.amount !== formatAmount(amount) || body.status !== 'pending') contradictions.push(`payout answered ${response.body}`);
      pendingPayouts.set(body.id, { memberId: member.id, amount });
      member.available -= amount;
      member.pending += amount;
    },
  });
  // 429: the per-member payout request limit; 400 for a valid amount: another call of the wave spent it first.
  if ((variant === 'valid' || variant === 'burst') && affordable >= PAYOUT_MIN_CENTAVOS) {
    if (variant === 'valid') wave.ops.push(payout(random.int(PAYOUT_MIN_CENTAVOS, affordable), [200, 400, 429]));
    else {
      const each = Math.max(PAYOUT_MIN_CENTAVOS, Math.min(PAYOUT_MAX_CENTAVOS, Math.floor(member.available * 0.45)));
      for (let copy = random.int(2, 3); copy > 0; copy--) wave.ops.push(payout(each, [200, 400, 429]));
    }
  } else if (variant === 'too-small') wave.ops.push(payout(random.int(1, PAYOUT_MIN_CENTAVOS - 1), [400, 429]));
  else if (variant === 'too-big') wave.ops.push(payout(PAYOUT_MAX_CENTAVOS + random.int(1, 100_000), [400, 429]));
  else {
    // More than the balance (within the form's range when the balance allows): refused unless the
    // wave credited the member enough meanwhile.
    const amount = Math.max(PAYOUT_MIN_CENTAVOS, Math.min(PAYOUT_MAX_CENTAVOS, member.available + random.int(1, 50_000)));
    wave.ops.push(payout(amount, [200, 400, 429]));
  }
}

function decidePayout(wave: Wave) {
  const decide = (admin: string, payoutId: string, allowed: readonly number[], group?: Op['group']): Op => {
    const decision = random.chance(0.6) ? 'approved' : 'declined';
    return {
      kind: 'admin.payout.decide',
      allowed,
      ...(group ? { group } : {}),
      request: as(admin, random.pick(['POST', 'PUT'] as const), `/api/admin/payout/${payoutId}/status`, {
        status: decision,
        ...(decision === 'declined' ? { reason: 'Details do not match the account' } : {}),
      }),
      settle(response) {
        if (response.statusCode !== 200) return;
        const payout = pendingPayouts.get(payoutId);
        if (!payout) return void contradictions.push(`payout ${payoutId} decided twice`);
        const member = memberById.get(payout.memberId)!;
        const status = response.json().status;
        if (status !== decision) contradictions.push(`payout ${payoutId} answered ${status} to ${decision}`);
        pendingPayouts.delete(payoutId);
        decidedPayouts.push(payoutId);
        member.pending -= payout.amount;
        if (status === 'approved') {
          member.paidOut += payout.amount;
          commission.payoutApprovals += 1;
          releasePendingBonus(member);
        } else member.available += payout.amount;
      },
    };
  };

  if (decidedPayouts.length > 0 && random.chance(0.1)) {
    const payoutId = random.pick(decidedPayouts);
    if (wave.aim(payoutId)) wave.ops.push(decide(random.pick(admins), payoutId, [409]));
    return;
  }
  const pending = [...pendingPayouts.keys()];
  if (pending.length === 0) return;
  const payoutId = random.pick(pending);
  const requester = memberById.get(pendingPayouts.get(payoutId)!.memberId)!;
  // An approval may release the sponsor's pending bonus: the sponsor's balance moves with it.
  const sponsor = requester.referral?.pending && requester.sponsorId ? [requester.sponsorId] : [];
  if (!wave.aim(payoutId) || !wave.claim([requester.id, ...sponsor])) return;
  if (random.chance(0.3)) {
    // Two admins decide the same payout at the same moment: one decision stands, the other is refused.
    const group = { id: `payout:${payoutId}`, rule: 'exactly-one-200' as const };
    for (const admin of admins) wave.ops.push(decide(admin, payoutId, [200, 409], group));
  } else wave.ops.push(decide(random.pick(admins), payoutId, [200]));
}

function editBalance(wave: Wave) {
  const member = random.pick(members);
  // The friends too: their first task or VIP credits this member, which a balance edit must not race.
  if (!wave.claim([member.id, ...member.friendIds], true)) return;
  const variant = random.pick(['up', 'up', 'down', 'below-zero'] as const);
  if (variant === 'up') wave.ops.push(balanceEdit(member, member.available + random.int(0, 300_000)));
  else if (variant === 'down') wave.ops.push(balanceEdit(member, random.int(0, member.available)));
  else wave.ops.push(balanceEdit(member, -random.int(1, 100_000)));
}

/**
 * An admin edits the balance of a member who asks for a payout at the same moment: both apply, one after
 * the other. Which went first shows in the edit's answer (the pending payout it saw), and decides what the
 * adjustment was: the edit sets the balance the payout request then draws from, or the other way round.
 */
function editBalanceDuringPayout(wave: Wave) {
  const withMoney = members.filter((candidate) => candidate.available >= PAYOUT_MIN_CENTAVOS);
  if (withMoney.length === 0) return;
  const member = random.pick(withMoney);
  if (!wave.claim([member.id, ...member.friendIds], true)) return;
  const amount = random.int(PAYOUT_MIN_CENTAVOS, Math.min(PAYOUT_MAX_CENTAVOS, member.available));
  const newBalance = random.int(0, member.available + 100_000);
  const before = { available: member.available, pending: member.pending };
  let payoutId: string | null = null;
  wave.ops.push(
    {
      kind: 'payout.request',
      // 400: the edit went first and left less than the amount.
      allowed: [200, 400, 429],
      request: as(member.cookie, 'POST', '/api/payouts', {
        paymentMethod: 'G-CASH',
        amount: formatAmount(amount),
        paymentDetails: gcashDetails(members.indexOf(member)),
      }),
      settle(response) {
        if (response.statusCode === 200) payoutId = response.json().id;
      },
    },
    {
      kind: 'admin.balance.edit',
      // 409: the payout went first, so the balance the admin saw is gone and the edit changes nothing.
      allowed: [200, 409],
      request: as(random.pick(admins), 'PUT', `/api/admin/users/${member.id}/balance`, {
        newBalance: formatAmount(newBalance),
        expectedBalance: formatAmount(before.available),
        reason: 'Bank workload race',
      }),
      // Settled after the payout request (run() settles in order), so payoutId is known here.
      settle(response) {
        const editFirst = response.statusCode === 200;
        if (!editFirst && payoutId === null) contradictions.push(`a balance edit was refused but no payout came first: ${response.body}`);
        if (editFirst) {
          totals.adjustments += newBalance - before.available;
          member.available = newBalance;
        }
        if (payoutId) {
          pendingPayouts.set(payoutId, { memberId: member.id, amount });
          member.pending += amount;
          member.available -= amount;
        }
      },
    },
  );
}

/** An admin sets the member's available balance; the model knows the balance before, as no other call of the wave touches it. */
function balanceEdit(member: Member, newBalance: number): Op {
  return {
    kind: 'admin.balance.edit',
    allowed: newBalance < 0 ? [400] : [200],
    request: as(random.pick(admins), 'PUT', `/api/admin/users/${member.id}/balance`, {
      newBalance: formatAmount(newBalance),
      expectedBalance: formatAmount(member.available),
      reason: 'Bank workload',
    }),
    settle(response) {
      if (response.statusCode !== 200) return;
      if (response.json().availableBalance !== formatAmount(newBalance)) contradictions.push(`balance edit answered ${response.body}`);
      totals.adjustments += newBalance - member.available;
      member.available = newBalance;
    },
  };
}

function buyVipWithEarnings(wave: Wave) {
  const member = random.pick(members);
  if (!wave.claim([member.id])) return;
  const plan = random.pick(plans);
  wave.ops.push({
    kind: 'vip.with-earnings',
    // 400: not enough balance; 409: this plan is running, or a payment-proof request waits.
    allowed: [200, 400, 409],
    request: as(member.cookie, 'POST', '/api/vip/upgrade-with-earnings', { vipTier: plan.id }),
    settle(response) {
      if (response.statusCode !== 200) return;
      member.available -= plan.price;
      member.everVip = true;
      totals.vipPurchases += plan.price;
      commission.upgrades += 1;
    },
  });
}

let proofs = 0;
const freshProof = () => String(1_000_000_000_000 + ++proofs);

function requestVipByReference(wave: Wave) {
  const variant = random.pick(['fresh', 'fresh', 'fresh', 'shared', 'reused', 'malformed'] as const);
  const ask = (member: Member, proof: string, allowed: readonly number[], group?: Op['group']): Op => ({
    kind: 'vip.by-reference',
    allowed,
    ...(group ? { group } : {}),
    request: as(member.cookie, 'POST', '/api/vip/upgrade', { vipTier: random.pick(plans).id, paymentInfo: { transactionProof: proof } }),
    settle(response) {
      if (response.statusCode === 200) usedProofs.push(proof);
    },
  });
  const member = random.pick(members);
  if (!wave.claim([member.id])) return;
  if (variant === 'shared') {
    // Two members send the same reference at once: it is taken once.
    const other = random.pick(members);
    if (other === member || !wave.claim([other.id])) return;
    const proof = freshProof();
    const group = { id: `proof:${proof}`, rule: 'at-most-one-200' as const };
    wave.ops.push(ask(member, proof, [200, 409], group), ask(other, proof, [200, 409], group));
  } else if (variant === 'reused' && usedProofs.length > 0) wave.ops.push(ask(member, random.pick(usedProofs), [409]));
  else if (variant === 'malformed') wave.ops.push(ask(member, '12345', [400]));
  // 409 for a fresh reference: a request already waits, or that plan is running.
  else wave.ops.push(ask(member, freshProof(), [200, 409]));
}

function decideVip(wave: Wave) {
  const decide = (admin: string, requestId: string, approve: boolean, allowed: readonly number[], group?: Op['group']): Op => ({
    kind: 'admin.vip.decide',
    allowed,
    ...(group ? { group } : {}),
    request: approve
      ? as(admin, 'POST', `/api/admin/approve-vip/${requestId}`)
      : as(admin, 'POST', `/api/admin/reject-vip/${requestId}`, { reason: 'Payment not found' }),
    settle(response) {
      if (response.statusCode !== 200) return;
      decidedVipRequests.push(requestId);
      if (!approve) return;
      commission.upgrades += 1;
      const member = memberById.get(response.json().id)!;
      member.everVip = true;
      creditSponsor(member, 'first-vip');
    },
  });

  if (decidedVipRequests.length > 0 && random.chance(0.1)) {
    const requestId = random.pick(decidedVipRequests);
    if (wave.aim(requestId)) wave.ops.push(decide(random.pick(admins), requestId, random.chance(0.5), [409]));
    return;
  }
  if (wave.pendingVip.length === 0) return;
  const request = random.pick(wave.pendingVip);
  if (!wave.aim(request.id) || !wave.claim([request.userId], true)) return;
  if (random.chance(0.25)) {
    // Two admins decide the same request at the same moment.
    const group = { id: `vip:${request.id}`, rule: 'exactly-one-200' as const };
    for (const admin of admins) wave.ops.push(decide(admin, request.id, random.chance(0.6), [200, 409], group));
  } else wave.ops.push(decide(random.pick(admins), request.id, random.chance(0.65), [200]));
}

const mayStillApplyCode = (member: Member) => member.tasksCompleted === 0;

function useReferralCode(wave: Wave) {
  const variant = random.pick(['friend', 'friend', 'friend', 'own', 'unknown', 'each-other'] as const);
  if (variant === 'each-other') return useEachOthersCodes(wave);
  const member = random.pick(members);
  if (!wave.claim([member.id], true)) return;
  const sponsor = variant === 'friend' ? random.pick(members) : variant === 'own' ? member : null;
  const code = sponsor?.referralCode ?? 'NOSUCHCODE';
  let allowed: number[];
  if (member.sponsorId) allowed = [409];
  else if (!mayStillApplyCode(member)) allowed = [400];
  else if (variant === 'unknown') allowed = [404];
  // 400: one's own code, or a code from one's own downline.
  else allowed = sponsor === member ? [400] : [200, 400];
  wave.ops.push(referralOp(member, code, sponsor, allowed));
}

/** Two members without a sponsor use each other's code at the same moment: one becomes the other's sponsor, never both. */
function useEachOthersCodes(wave: Wave) {
  const unsponsored = members.filter((member) => !member.sponsorId);
  if (unsponsored.length < 2) return;
  const one = random.pick(unsponsored);
  const other = random.pick(unsponsored);
  if (one === other || !wave.claim([one.id, other.id], true)) return;
  const group = { id: `referral:${one.id}:${other.id}`, rule: 'at-most-one-200' as const };
  wave.ops.push(referralOp(one, other.referralCode, other, [200, 400], group), referralOp(other, one.referralCode, one, [200, 400], group));
}

function referralOp(member: Member, code: string, sponsor: Member | null, allowed: readonly number[], group?: Op['group']): Op {
  return {
    kind: 'referral.use-code',
    allowed,
    ...(group ? { group } : {}),
    request: as(member.cookie, 'POST', '/api/referrals/use-code', { referralCode: code }),
    settle(response) {
      if (response.statusCode !== 200 || !sponsor) return;
      member.sponsorId = sponsor.id;
      member.referral = { firstTask: false, firstVip: false, pending: 0 };
      sponsor.friendIds.push(member.id);
    },
  };
}

let operatorRequestsInWave = 0;
/**
 * A wave's stats edit, which the wave's operator requests must not race: which admin a request holds as the
 * balance's last editor, and whether its amount fits, would depend on which of the two went first.
 */
const STATS_EDIT = 'commission-stats-edit';

function requestOperatorPayout(wave: Wave) {
  if (operatorRequestsInWave >= 2 || wave.targets.has(STATS_EDIT)) return;
  operatorRequestsInWave += 1;
  const balance = operatorBalance();
  // Two requests of a third each always fit: the balance only grows while a wave runs. A refused request
  // asks for more than the balance can reach by the wave's end, every operation in it earning the most and
  // every pending request of the operator's rejected in it (a rejection gives the amount back).
  const mostAWaveEarns = WAVE_SIZE.max * Math.max(COMMISSION_PER_UPGRADE_CENTAVOS, COMMISSION_PER_PAYOUT_CENTAVOS);
  let mostAWaveGivesBack = 0;
  for (const payout of commissionPayouts.values()) if (payout.status === 'pending') mostAWaveGivesBack += payout.amount;
  const valid = balance >= 300 && random.chance(0.7);
  const amount = valid ? random.int(1, Math.floor(balance / 3)) : balance + mostAWaveEarns + mostAWaveGivesBack + random.int(1, 100_000);
  wave.ops.push({
    kind: 'operator.payout.request',
    allowed: valid ? [200] : [400],
    request: as(operatorCookie, 'POST', '/api/admin/percentage/request-payout', {
      amount: formatAmount(amount),
      paymentMethod: random.pick(COMMISSION_PAYOUT_METHODS),
      accountDetails: '0917 555 0100',
    }),
    settle(response) {
      if (response.statusCode === 200) commissionPayouts.set(response.json().id, { amount, status: 'pending', balanceEditor });
    },
  });
}

/**
 * An admin corrects the operator's figures with the stats editor, from the figures the model holds now:
 * within the per-edit limit (200, or 409 when an earning or a rejected payout of the wave landed first),
 * pesos moved between the two earnings only or nothing at all (which leave the balance's last editor as it
 * was), a mint past the limit (400), a view already stale (409: while a wave runs the upgrade earnings only
 * grow by whole ₱5.00 commissions, so one centavo more than the model holds is never what the server reads),
 * or no reason (400).
 */
function editCommissionStats(wave: Wave) {
  if (operatorRequestsInWave > 0 || !wave.aim(STATS_EDIT)) return;
  const adminIndex = random.int(0, admins.length - 1);
  const seen = { totalBalance: operatorBalance(), upgradeEarnings: operatorUpgradeEarnings() };
  const move = (from: number) => Math.max(0, from + random.int(-COMMISSION_EDIT_MAX_CENTAVOS, COMMISSION_EDIT_MAX_CENTAVOS));
  const variant = random.pick(['correction', 'correction', 'correction', 'split', 'nothing', 'mint', 'stale', 'no-reason'] as const);
  let wanted = { totalBalance: move(seen.totalBalance), upgradeEarnings: move(seen.upgradeEarnings) };
  let expected = seen;
  let allowed = [200, 409];
  if (variant === 'split') wanted = { ...wanted, totalBalance: seen.totalBalance };
  else if (variant === 'nothing') wanted = seen;
  else if (variant === 'mint') {
    wanted = { ...wanted, totalBalance: seen.totalBalance + COMMISSION_EDIT_MAX_CENTAVOS + random.int(1, 99_999_900) };
    allowed = [400];
  } else if (variant === 'stale') {
    expected = { ...seen, upgradeEarnings: seen.upgradeEarnings + 1 };
    allowed = [409];
  } else if (variant === 'no-reason') allowed = [400];
  wave.ops.push({
    kind: 'admin.commission.stats',
    allowed,
    context: `${variant}: saw ${formatAmount(seen.totalBalance)} / ${formatAmount(seen.upgradeEarnings)}`,
    request: as(admins[adminIndex]!, 'POST', '/api/admin/percentage/update-stats', {
      totalBalance: formatAmount(wanted.totalBalance),
      upgradeEarnings: formatAmount(wanted.upgradeEarnings),
      expectedTotalBalance: formatAmount(expected.totalBalance),
      expectedUpgradeEarnings: formatAmount(expected.upgradeEarnings),
      ...(variant === 'no-reason' ? {} : { reason: 'Bank workload correction' }),
    }),
    settle(response) {
      if (response.statusCode !== 200) return;
      // The edit went through against the figures it saw, so it moved them by exactly the difference.
      commission.balanceAdjustments += wanted.totalBalance - seen.totalBalance;
      commission.upgradeAdjustments += wanted.upgradeEarnings - seen.upgradeEarnings;
      if (wanted.totalBalance !== seen.totalBalance) balanceEditor = adminIndex;
    },
  });
}

const FINAL: readonly CommissionPayoutStatus[] = ['rejected', 'paid'];

function setCommissionPayoutStatus(wave: Wave) {
  const ids = [...commissionPayouts.keys()];
  if (ids.length === 0) return;
  const payoutId = random.pick(ids);
  if (!wave.aim(payoutId)) return;
  const current = commissionPayouts.get(payoutId)!;
  const targets: CommissionPayoutTarget[] = ['approved', 'rejected', 'paid'];
  // Four eyes: the admin whose edit last changed the balance before the request may only reject it (403 before anything else).
  const set = (adminIndex: number, target: CommissionPayoutTarget, allowed: readonly number[]): Op => ({
    kind: 'admin.commission.status',
    allowed: target !== 'rejected' && adminIndex === current.balanceEditor ? [403] : allowed,
    request: as(admins[adminIndex]!, 'POST', `/api/admin/percentage/payouts/${payoutId}/status`, {
      status: target,
      ...(target === 'rejected' ? { reason: 'Account name does not match' } : {}),
    }),
    settle(response) {
      // Answers of a race may arrive out of commit order: a final status is never left.
      if (response.statusCode === 200 && !FINAL.includes(current.status)) current.status = response.json().status;
    },
  });
  if (random.chance(0.25)) {
    // Two admins move the same payout at the same moment.
    for (const adminIndex of admins.keys()) wave.ops.push(set(adminIndex, random.pick(targets), [200, 409]));
  } else {
    const target = random.pick(targets);
    const adminIndex = random.int(0, admins.length - 1);
    wave.ops.push(set(adminIndex, target, COMMISSION_PAYOUT_TRANSITIONS[target].includes(current.status) ? [200] : [409]));
  }
}

const GENERATORS: [weight: number, generate: (wave: Wave, waveNumber: number) => void][] = [
  [22, startTask],
  [24, completeTask],
  [11, requestPayout],
  [8, decidePayout],
  [6, editBalance],
  [2, editBalanceDuringPayout],
  [5, buyVipWithEarnings],
  [7, requestVipByReference],
  [6, decideVip],
  [4, useReferralCode],
  [3, requestOperatorPayout],
  [4, setCommissionPayoutStatus],
  [3, editCommissionStats],
];
const TOTAL_WEIGHT = GENERATORS.reduce((sum, [weight]) => sum + weight, 0);

function pickGenerator() {
  let roll = random.int(1, TOTAL_WEIGHT);
  for (const [weight, generate] of GENERATORS) {
    roll -= weight;
    if (roll <= 0) return generate;
  }
  return GENERATORS[0]![1];
}

function outcomeOf(op: Op, response: LightMyRequestResponse): string {
  if (op.kind !== 'task.complete' || response.statusCode !== 200) return String(response.statusCode);
  const body = response.json();
  return body.success ? 'success' : body.error;
}

/** Sends every operation of a wave at once, then settles the model from the answers. */
async function run(ops: Op[]): Promise<void> {
  const responses = await Promise.all(ops.map((op) => t.app.inject(op.request)));
  ops.forEach((op, index) => {
    const response = responses[index]!;
    results.push({ op, status: response.statusCode, outcome: outcomeOf(op, response) });
    if (response.statusCode < 500) op.settle?.(response);
  });
}

async function buildWave(waveNumber: number): Promise<Op[]> {
  const wave = new Wave();
  // The VIP requests waiting for a decision, as the admin panel lists them.
  await run([
    {
      kind: 'admin.vip.pending',
      allowed: [200],
      request: as(admins[0]!, 'GET', '/api/admin/pending-vip'),
      settle(response) {
        wave.pendingVip = response.json();
      },
    },
  ]);
  operatorRequestsInWave = 0;
  const size = random.int(WAVE_SIZE.min, WAVE_SIZE.max);
  for (let attempt = 0; wave.ops.length < size && attempt < size * 10; attempt++) pickGenerator()(wave, waveNumber);
  return wave.ops;
}

/** Between waves: seconds pass (some views mature, some not); now and then a day, once half a month. */
async function advanceClock(waveNumber: number): Promise<void> {
  const now = t.clock.now.getTime();
  if (waveNumber === PLAN_EXPIRY_WAVE) t.clock.now = new Date(now + 16 * DAY_MS);
  else if (waveNumber % WAVES_PER_DAY === 0) t.clock.now = new Date(now + DAY_MS);
  else {
    t.clock.now = new Date(now + random.int(5, 35) * 1000);
    return;
  }
  // The operator's session lasts 12 hours of the server's clock.
  operatorCookie = await signInOperator(t.app);
}

// --- The run ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  // Unlocked admin panels outlast the run's 3 weeks of server time.
  t = await startTestApp({ ADMIN_UNLOCK_HOURS: String(24 * 30) });
  // 09:00 in Manila, so the first days are whole days.
  t.clock.now = new Date('2026-03-02T01:00:00.000Z');
});
afterAll(async () => {
  await t.close();
});

describe('bank workload', () => {
  it(`keeps the books through ${OPERATIONS} random concurrent operations (seed ${SEED})`, { timeout: 180_000 }, async () => {
    console.log(`bank workload: seed ${SEED} (BANK_SEED=${SEED} repeats this run's choices)`);
    const started = performance.now();
    admins = [await signInUnlockedAdmin(t, 'bank-admin-1@example.com'), await signInUnlockedAdmin(t, 'bank-admin-2@example.com')];
    operatorCookie = await signInOperator(t.app);

    for (const [index, vipOnly] of [false, false, false, false, true].entries()) {
      const created = await t.app.inject(
        as(admins[0]!, 'POST', '/api/admin/tasks', {
          title: `Bank task ${index + 1}`,
          url: `https://example.com/bank/${index + 1}`,
          reward: formatAmount(100 + index * 25),
          ...(vipOnly ? { requiredVipTier: 'VIP300' } : {}),
        }),
      );
      expect(created.statusCode).toBe(200);
      tasks.push({ id: created.json().id, vipOnly });
    }

    const signedIn = await Promise.all(
      Array.from({ length: MEMBERS }, async (_, index) => {
        const cookie = await signIn(t.app, `bank-member-${index + 1}@example.com`, { firstName: `Member${index + 1}` });
        const me = (await t.app.inject(as(cookie, 'GET', '/api/auth/user'))).json();
        return { id: me.id, cookie, referralCode: me.referralCode } as const;
      }),
    );
    for (const person of signedIn) {
      const member: Member = {
        ...person,
        available: 0,
        pending: 0,
        paidOut: 0,
        sponsorId: null,
        referral: null,
        payoutApproved: false,
        friendIds: [],
        everVip: false,
        tasksCompleted: 0,
      };
      members.push(member);
      memberById.set(member.id, member);
    }
    plans = (await t.app.inject(as(members[0]!.cookie, 'GET', '/api/vip/plans'))).json().map((plan: { id: string; price: string }) => ({
      id: plan.id,
      price: centavos(plan.price),
    }));
    expect(plans.length).toBeGreaterThan(0);

    // At sign-up: two thirds of the later members use an earlier member's code (so no cycles yet); then
    // half of everyone gets an opening balance from an admin.
    const referred = members.slice(MEMBERS / 3).filter(() => random.chance(0.66));
    await run(
      referred.map((member) => {
        const sponsor = members[random.int(0, members.indexOf(member) - 1)]!;
        return referralOp(member, sponsor.referralCode, sponsor, [200]);
      }),
    );
    await run(members.filter(() => random.chance(0.5)).map((member) => balanceEdit(member, random.int(10_000, 400_000))));

    // The admin panel's reads of pending VIP requests before each wave do not count as operations.
    const operationsSent = () => results.filter((result) => result.op.kind !== 'admin.vip.pending').length;
    const signUpOperations = operationsSent();
    let waves = 0;
    while (operationsSent() - signUpOperations < OPERATIONS) {
      waves += 1;
      await run(await buildWave(waves));
      await advanceClock(waves);
    }
    const seconds = (performance.now() - started) / 1000;

    const books = await checkBooks(t.database.db);
    printReport(seconds, waves, summarizeBooks(books));

    // The server's own check.
    expect(books.problems).toEqual([]);
    // Every answer is one the contract allows for that call, and none is a server error.
    expect(results.filter((result) => result.status >= 500).map(describeResult)).toEqual([]);
    expect(results.filter((result) => !result.op.allowed.includes(result.status)).map(describeResult)).toEqual([]);
    expect(results.filter((result) => result.op.outcomes && !result.op.outcomes.includes(result.outcome)).map(describeResult)).toEqual([]);
    expect(brokenGroups()).toEqual([]);
    expect(contradictions).toEqual([]);

    // The test's own books, from the answers it saw: each member's balances, and the money in total.
    const seen = await Promise.all(
      members.map(async (member) => {
        const me = (await t.app.inject(as(member.cookie, 'GET', '/api/auth/user'))).json();
        return {
          id: member.id,
          available: centavos(me.availableBalance),
          pending: centavos(me.pendingPayout),
          paidOut: centavos(me.totalPaidOut),
          pendingBonuses: centavos(me.pendingBonuses),
        };
      }),
    );
    expect(seen).toEqual(
      members.map(({ id, available, pending, paidOut, ...member }) => ({
        id,
        available,
        pending,
        paidOut,
        pendingBonuses: pendingBonusesOf({ id, available, pending, paidOut, ...member }),
      })),
    );
    const held = seen.reduce((sum, member) => sum + member.available + member.pending + member.paidOut, 0);
    expect(held).toBe(totals.earnings + totals.bonuses + totals.adjustments - totals.vipPurchases);
    expect(seen.every((member) => member.available >= 0 && member.pending >= 0 && member.paidOut >= 0)).toBe(true);

    // The operator's figures, from the upgrades and payout approvals the test saw succeed.
    const stats = (await t.app.inject(as(operatorCookie, 'GET', '/api/admin/percentage/stats'))).json();
    expect({
      balance: centavos(stats.totalBalance),
      upgradeEarnings: centavos(stats.upgradeEarnings),
      upgrades: stats.totalUpgrades,
      payouts: stats.totalPayouts,
    }).toEqual({
      balance: operatorBalance(),
      upgradeEarnings: operatorUpgradeEarnings(),
      upgrades: commission.upgrades,
      payouts: commission.payoutApprovals,
    });
    expect(operatorBalance()).toBeGreaterThanOrEqual(0);

    // No member was credited more tasks in a day than their daily limit allows.
    const overLimit = [...creditsPerDay].filter(([day, credits]) => {
      const member = memberById.get(day.split(' ')[0]!)!;
      return credits > (member.everVip ? VIP_DAILY_TASK_LIMIT : FREE_DAILY_TASK_LIMIT);
    });
    expect(overLimit).toEqual([]);

    // Sponsorship never loops back to the member (a loop would let two bonus postings lock in opposite orders).
    expect(members.filter((member) => sponsorChainLoops(member)).map((member) => member.id)).toEqual([]);
  });
});

function appDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: t.config.APP_TIMEZONE }).format(date);
}

function describeResult(result: Result): string {
  const context = result.op.context ? ` (${result.op.context})` : '';
  return `${result.op.kind} ${result.op.request.method} ${result.op.request.url} -> ${result.status} ${result.outcome}${context}`;
}

/** Operations sent together at one target whose answers do not add up as their rule says. */
function brokenGroups(): string[] {
  const groups = new Map<string, { rule: GroupRule; results: Result[] }>();
  for (const result of results) {
    const group = result.op.group;
    if (!group) continue;
    const entry = groups.get(group.id) ?? { rule: group.rule, results: [] };
    entry.results.push(result);
    groups.set(group.id, entry);
  }
  const broken: string[] = [];
  for (const [id, { rule, results: answers }] of groups) {
    const ok = answers.filter((answer) => answer.status === 200).length;
    const successes = answers.filter((answer) => answer.outcome === 'success').length;
    const holds = rule === 'exactly-one-200' ? ok === 1 : rule === 'at-most-one-200' ? ok <= 1 : successes <= 1;
    if (!holds) broken.push(`${id} (${rule}): ${answers.map((answer) => `${answer.status} ${answer.outcome}`).join(', ')}`);
  }
  return broken;
}

function sponsorChainLoops(member: Member): boolean {
  const seen = new Set<string>();
  for (let current: Member | undefined = member; current?.sponsorId; current = memberById.get(current.sponsorId)) {
    if (seen.has(current.id)) return true;
    seen.add(current.id);
  }
  return false;
}

/** The operation counts by kind and answer, the model's totals and the books check, for the run's log. */
function printReport(seconds: number, waves: number, booksSummary: string) {
  const byKind = new Map<OpKind, Map<string, number>>();
  for (const { op, status, outcome } of results) {
    const outcomes = byKind.get(op.kind) ?? new Map<string, number>();
    const label = op.kind === 'task.complete' ? `${status} ${outcome}` : String(status);
    outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
    byKind.set(op.kind, outcomes);
  }
  const lines = [...byKind].map(([kind, outcomes]) => {
    const total = [...outcomes.values()].reduce((sum, count) => sum + count, 0);
    const detail = [...outcomes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, count]) => `${label}: ${count}`)
      .join(', ');
    return `  ${kind.padEnd(25)} ${String(total).padStart(5)}   ${detail}`;
  });
  const database = t.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(
    [
      `bank workload on ${database}, seed ${SEED}: ${results.length} operations in ${seconds.toFixed(1)} s (${MEMBERS} members, ${waves} waves)`,
      ...lines,
      `  money seen: earnings ${formatAmount(totals.earnings)}, referral bonuses ${formatAmount(totals.bonuses)}, ` +
        `admin adjustments ${formatAmount(totals.adjustments)}, VIP bought with earnings ${formatAmount(totals.vipPurchases)}; ` +
        `commission: ${commission.upgrades} upgrades, ${commission.payoutApprovals} payouts, ` +
        `stats edits ${formatAmount(commission.balanceAdjustments)}, operator balance ${formatAmount(operatorBalance())}`,
      `  ${booksSummary}`,
    ].join('\n'),
  );
}
