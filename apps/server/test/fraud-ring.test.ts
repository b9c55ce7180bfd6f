import { messages, noticeMessages, staffMessages } from '@app/contracts';
import { checkBooks, type Db } from '@app/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures } from './admin-fixtures';
import { freshClientAddress, insertTask, newDeviceId, signInFromBrowser, startTestApp, type TestApp } from './helpers';

/**
 * The fraud ring that hides, played as a dishonest member plays it (docs/product-rules.md#fraud-rules,
 * docs/product-rules.md#referral-bonuses-wait-for-proof): five accounts, each in a fresh browser (no shared device
 * cookie, no browser traits sent) and from a network of its own, one sponsoring the other four, all paying
 * out to one G-CASH wallet written a different way each time. Against it, two honest friends with their own
 * phones, networks and wallets. The books are checked after each.
 */

let t: TestApp;
let db: Db;
let f: Awaited<ReturnType<typeof adminFixtures>>;
let taskId: string;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  f = await adminFixtures(t, 'ring');
  taskId = await insertTask(db, { title: 'Read Partner Page', url: 'https://example.com/partner', reward: 100, requiredVipTier: null });
});
afterEach(async () => {
  expect((await checkBooks(db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

let people = 0;
/** A person in a browser of their own (a new device cookie) on a network of their own (a new address). */
const freshBrowser = (firstName: string, lastName: string) =>
  signInFromBrowser(t, `ring-person${++people}@example.com`, { device: newDeviceId(), address: freshClientAddress(), firstName, lastName });
type Person = Awaited<ReturnType<typeof freshBrowser>>;

const call = (who: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const me = async (who: Person) => (await call(who, 'GET', '/api/auth/user')).json();

/** Starts the task, lets the view time pass, completes it. */
async function firstTask(who: Person) {
  expect((await call(who, 'POST', `/api/tasks/${taskId}/start`)).statusCode).toBe(200);
  t.clock.now = new Date(t.clock.now.getTime() + 21_000);
  expect((await call(who, 'GET', `/api/tasks/${taskId}/redirect-complete`)).json()).toMatchObject({ success: true });
}

/** Money to pay out, through the admin's balance editor (with the balance the admin saw and a reason). */
async function fund(who: Person, pesos: string) {
  const edit = await f.admin('PUT', `/api/admin/users/${who.id}/balance`, {
    newBalance: pesos,
    expectedBalance: (await me(who)).availableBalance,
    reason: 'Contest prize',
  });
  expect(edit.statusCode, edit.body).toBe(200);
}

const approve = (payoutId: string) => f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' });

/** The pending payout queue's row of a payout, as the admin reads it. */
async function queueRow(payoutId: string) {
  const rows: { id: string; flags: { code: string }[]; clusterSize: number }[] = (
    await f.admin('GET', '/api/admin/pending-payouts?pageSize=200')
  ).json().items;
  return rows.find((row) => row.id === payoutId);
}

describe('a ring of five that hides: fresh browsers, own networks, one wallet written five ways', () => {
  it('never makes a bonus available, flags every payout, puts every account in the risk queue, and shows one cluster of five', async () => {
    const sponsor = await freshBrowser('Ana', 'Reyes');
    const friends: Person[] = [];
    for (const name of ['Ben', 'Cora', 'Dan', 'Eva']) {
      const friend = await freshBrowser(name, 'Santos');
      expect((await call(friend, 'POST', '/api/referrals/use-code', { referralCode: sponsor.referralCode })).statusCode).toBe(200);
      friends.push(friend);
    }
    const ring = [sponsor, ...friends];

    // Each friend views one task. Nothing ties them yet: each bonus is credited pending, none available.
    for (const friend of friends) await firstTask(friend);
    expect(await me(sponsor)).toMatchObject({ availableBalance: '0.00', pendingBonuses: '200.00', referralEarnings: '0.00' });
    const waiting = (await call(sponsor, 'GET', '/api/referrals')).json();
    expect(waiting.map((referral: { status: string; pendingReward: string }) => [referral.status, referral.pendingReward])).toEqual(
      Array(4).fill(['awaiting_payout', '50.00']),
    );

    // A pending bonus cannot be paid out.
    const early = await call(sponsor, 'POST', '/api/payouts', {
      paymentMethod: 'G-CASH',
      amount: '150',
      paymentDetails: '0917 123 4567 Ana Reyes',
    });
    expect(early.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });

    // All five ask for a payout to one wallet, each written another way. What names no one wallet is refused
    // with what to enter; what does is read as the one wallet it is.
    for (const who of ring) await fund(who, '300');
    const refused = [
      [sponsor, { paymentDetails: '09171234567 (ring1@mail.com)' }, messages.payouts.destination.legacy['G-CASH']],
      [friends[3]!, { paymentDetails: 'alt 0917000xxxx / main 09171234567' }, messages.payouts.destination.twoNumbers],
      [friends[2]!, { paymentDetails: '0917 123 4567 Dan \u202eSantos' }, messages.common.directionCharacter],
    ] as const;
    for (const [who, spelling, message] of refused) {
      const answer = await call(who, 'POST', '/api/payouts', { paymentMethod: 'G-CASH', amount: '150', ...spelling });
      expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status: 400, message });
    }
    const spellings = [
      { destination: { mobile: '09171234567', accountName: 'Ana Reyes' } },
      { paymentDetails: '+63 (0) 917 123 4567 Ben Santos' },
      { destination: { mobile: '0917\u200b123\u200b4567', accountName: 'Cora Santos' } },
      { paymentDetails: '0063 917 123 4567 Dan Santos' },
      { destination: { mobile: '+６３ ９１７ １２３ ４５６７', accountName: 'Eva Santos' } },
    ];
    const payouts: string[] = [];
    for (const [index, who] of ring.entries()) {
      const asked = await call(who, 'POST', '/api/payouts', { paymentMethod: 'G-CASH', amount: '150', ...spellings[index] });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().destination).toMatchObject({ mobile: '+639171234567' });
      payouts.push(asked.json().id);
    }

    // Every payout is flagged as sharing its destination, and shows the cluster of five.
    for (const payoutId of payouts) {
      const row = await queueRow(payoutId);
      expect(row?.flags.map((flag) => flag.code)).toContain('shared_destination');
      expect(row?.clusterSize).toBe(5);
    }
    // Every account is in the risk queue with the destination as a reason.
    const queue = (await f.admin('GET', '/api/admin/risk/users?pageSize=200')).json();
    for (const who of ring) {
      const entry = queue.items.find((item: { userId: string }) => item.userId === who.id);
      expect(entry?.reasons, who.email).toContainEqual({
        code: 'shared_destination',
        text: 'Shares payout destination 0917•••4567 with 4 accounts',
      });
    }
    // The review shows the one cluster, with how each member is tied.
    const review = (await f.admin('GET', `/api/admin/users/${sponsor.id}/risk`)).json();
    expect(review.cluster.size).toBe(5);
    expect(review.cluster.members.map((member: { userId: string }) => member.userId).sort()).toEqual(ring.map((who) => who.id).sort());

    // An admin approves all five. Each friend's approval settles the sponsor's bonus: held, never available.
    for (const payoutId of payouts) expect((await approve(payoutId)).statusCode).toBe(200);
    expect(await me(sponsor)).toMatchObject({ availableBalance: '150.00', pendingBonuses: '0.00', referralEarnings: '0.00' });
    const settled = (await call(sponsor, 'GET', '/api/referrals')).json();
    expect(
      settled.map((referral: { status: string; heldReward: string; reward: string }) => [
        referral.status,
        referral.heldReward,
        referral.reward,
      ]),
    ).toEqual(Array(4).fill(['held', '50.00', '0.00']));
    const held = (await f.admin('GET', '/api/admin/risk/held-referrals?pageSize=200')).json();
    const ringHeld = held.items.filter((item: { sponsor: { userId: string } }) => item.sponsor.userId === sponsor.id);
    expect(ringHeld).toHaveLength(4);
    for (const item of ringHeld) expect(item.reason).toBe(staffMessages.risk.heldAtFirstPayout);
    const bonusRows = await db
      .selectFrom('transactions')
      .select('type')
      .where('userId', '=', sponsor.id)
      .where('type', 'in', ['referral_bonus', 'referral_bonus_released'])
      .execute();
    expect(bonusRows).toEqual([]);
  });
});

describe('two honest friends: their own phones, networks and wallets', () => {
  it('make the sponsor’s bonus available when the friend’s first payout is approved', async () => {
    const sponsor = await freshBrowser('Lito', 'Ramos');
    const friend = await freshBrowser('Mila', 'Torres');
    expect((await call(friend, 'POST', '/api/referrals/use-code', { referralCode: sponsor.referralCode })).statusCode).toBe(200);
    await firstTask(friend);
    const [pending] = (await call(sponsor, 'GET', '/api/referrals')).json();
    expect(pending).toMatchObject({ status: 'awaiting_payout', pendingReward: '50.00', reward: '0.00', referredName: 'Mila T.' });
    expect(await me(sponsor)).toMatchObject({ availableBalance: '0.00', pendingBonuses: '50.00' });

    // The sponsor pays out to a wallet of their own too: that ties no one.
    await fund(sponsor, '200');
    const own = await call(sponsor, 'POST', '/api/payouts', {
      paymentMethod: 'G-CASH',
      amount: '150',
      destination: { mobile: '0918 555 0101', accountName: 'Lito Ramos' },
    });
    expect(own.statusCode).toBe(200);

    await fund(friend, '300');
    // A declined payout proves nothing: the bonus keeps waiting.
    const asked = () =>
      call(friend, 'POST', '/api/payouts', {
        paymentMethod: 'PAYMAYA',
        amount: '150',
        destination: { mobile: '0919 555 0202', accountName: 'Mila Torres' },
      });
    const declined = (await asked()).json();
    expect(
      (await f.admin('POST', `/api/admin/payout/${declined.id}/status`, { status: 'declined', reason: 'The name does not match' }))
        .statusCode,
    ).toBe(200);
    expect(await me(sponsor)).toMatchObject({ pendingBonuses: '50.00' });
    const first = (await asked()).json();
    expect((await queueRow(first.id))?.clusterSize).toBe(1);
    expect((await approve(first.id)).statusCode).toBe(200);

    expect(await me(sponsor)).toMatchObject({ availableBalance: '100.00', pendingBonuses: '0.00', referralEarnings: '50.00' });
    const [paid] = (await call(sponsor, 'GET', '/api/referrals')).json();
    expect(paid).toMatchObject({ status: 'completed', pendingReward: '0.00', reward: '50.00' });
    const notices = (await call(sponsor, 'GET', '/api/notifications')).json();
    expect(notices.items).toContainEqual(
      expect.objectContaining({
        title: noticeMessages.bonusReleasedTitle,
        message: noticeMessages.bonusReleasedBody('₱50.00', 'Mila T.'),
      }),
    );
    // The statement shows the bonus pending, then released.
    const statement = (await call(sponsor, 'GET', '/api/transactions/statement.csv')).body;
    expect(statement).toContain(messages.referrals.firstTaskBonusPending('Mila T.'));
    expect(statement).toContain(messages.referrals.bonusReleased('Mila T.'));
  });
});
