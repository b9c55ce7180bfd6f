import { type Referral, referralSchema } from '@app/contracts';
import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onePage, renderAt, setupTrpcServer, signedOut } from './app-harness';
import { parsedFixture } from './parsed-fixture';

const { answerWith, inputsOf } = setupTrpcServer();

const referral = parsedFixture(referralSchema, {
  id: 'ref-1',
  createdAt: '2026-02-10T02:00:00.000Z',
  referralCode: 'MARIA2026',
  status: 'pending',
  referredUserId: 'user-2',
  reward: '0.00',
  pendingReward: '0.00',
  heldReward: '0.00',
  reviewNote: null,
  referredName: 'Juan D.',
});

const applied = referral({ id: 'ref-new', referralCode: 'JUAN2026' });

async function openReferrals(handlers: Parameters<typeof answerWith>[0] = {}) {
  answerWith({
    'auth.user': () => ({ data: testUser() }),
    'referrals.list': () => ({ data: { ...onePage([]), earned: 0, waiting: 0 } }),
    ...handlers,
  });
  renderAt('/referrals');
  await screen.findByRole('heading', { level: 1, name: 'Referrals' });
}

const LINK = 'http://localhost:5173/referral/MARIA2026';

/** The value a term of the invitation's list is given, as the page shows it. */
const described = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('referral link', () => {
  it('shows the member’s whole link and confirms a copy for two seconds', async () => {
    const user = userEvent.setup();
    await openReferrals();

    expect(described('Referral link')).toBe(LINK);
    expect(described('Your code')).toBe('MARIA2026');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));

    // Read before the clipboard is: on a loaded machine that read alone has outlasted the two seconds.
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(LINK);
    // Back after two seconds, which timers two cores shared with other suites run late.
    expect(await screen.findByRole('button', { name: 'Copy link' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    await openReferrals();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));

    await user.click(screen.getByRole('button', { name: 'Copy link' }));

    expect(await screen.findByText('Failed to copy - Please try again or copy manually.')).toBeTruthy();
  });

  it('links to Messenger, Viber and Facebook with the invite text and the link', async () => {
    await openReferrals();

    const apps = within(screen.getByRole('list', { name: 'Send the invite with' }));
    const href = (app: string) => new URL(apps.getByRole('link', { name: `Send with ${app}` }).getAttribute('href') ?? '');
    expect(href('Messenger').protocol).toBe('fb-messenger:');
    expect(href('Messenger').searchParams.get('link')).toBe(LINK);
    expect(href('Viber').protocol).toBe('viber:');
    expect(href('Viber').searchParams.get('text')).toBe(
      `Join me on PesoTasks and earn pesos by viewing websites for a few seconds. Sign up with my link: ${LINK}`,
    );
    expect(href('Facebook').origin + href('Facebook').pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(href('Facebook').searchParams.get('u')).toBe(LINK);
  });

  it('writes the invite text in the member’s language', async () => {
    await openReferrals({ 'auth.user': () => ({ data: testUser({ language: 'fil' }) }) });

    const viber = await screen.findByRole('link', { name: 'Ipadala sa Viber' });
    expect(new URL(viber.getAttribute('href') ?? '').searchParams.get('text')).toBe(
      `Sali ka sa PesoTasks at kumita ng piso sa pagbisita sa mga website nang ilang segundo lang. Mag-sign up gamit ang link ko: ${LINK}`,
    );
  });

  it('draws the link as a QR code with its name', async () => {
    await openReferrals();

    const qr = await screen.findByRole('img', { name: 'QR code of your referral link' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('offers the phone’s share sheet where the browser has one, with the invite text and the link', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const user = userEvent.setup();
      await openReferrals();

      await user.click(screen.getByRole('button', { name: 'Share' }));

      expect(share).toHaveBeenCalledWith({
        title: 'PesoTasks',
        text: 'Join me on PesoTasks and earn pesos by viewing websites for a few seconds. Sign up with my link:',
        url: LINK,
      });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('offers no share button where the browser has no share sheet', async () => {
    await openReferrals();

    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});

describe('apply-code form', () => {
  it('requires a code', async () => {
    const user = userEvent.setup();
    await openReferrals();

    await user.click(screen.getByRole('button', { name: 'Apply Code' }));

    expect(await screen.findByText('Referral code is required')).toBeTruthy();
    expect(inputsOf('referrals.useCode')).toEqual([]);
  });

  it('applies a code and confirms', async () => {
    const user = userEvent.setup();
    await openReferrals({ 'referrals.useCode': () => ({ data: applied }) });

    await user.type(screen.getByLabelText('Referral code'), ' juan2026 ');
    await user.click(screen.getByRole('button', { name: 'Apply Code' }));

    expect(await screen.findByText('Referral code applied successfully!')).toBeTruthy();
    expect(inputsOf('referrals.useCode')).toEqual([{ referralCode: 'JUAN2026' }]);
  });

  it('shows the server’s reason, or the spec’s text when there is none', async () => {
    const user = userEvent.setup();
    let reply = { code: 'NOT_FOUND' as const, message: 'This referral code does not exist' };
    await openReferrals({ 'referrals.useCode': () => ({ error: reply }) });

    await user.type(screen.getByLabelText('Referral code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply Code' }));
    expect(await screen.findByText('This referral code does not exist')).toBeTruthy();

    reply = { code: 'NOT_FOUND', message: '' };
    await user.click(screen.getByRole('button', { name: 'Apply Code' }));
    expect(await screen.findByText('Failed to apply referral code. Please try again.')).toBeTruthy();
  });

  it('is gone once the member has a sponsor', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser({ referredBy: 'user-9' }) }),
      'referrals.list': () => ({ data: { ...onePage([]), earned: 0, waiting: 0 } }),
    });
    renderAt('/referrals');

    await screen.findByRole('heading', { level: 1, name: 'Referrals' });
    expect(screen.queryByRole('button', { name: 'Apply Code' })).toBeNull();
  });
});

describe('referral figures and history', () => {
  /** The Referrals page of this member, with these friends in its history and the server's counts of all of them. */
  const openHistory = (user: ReturnType<typeof testUser>, friends: Referral[], counts: { earned: number; waiting: number }) =>
    openReferrals({
      'auth.user': () => ({ data: user }),
      'referrals.list': () => ({ data: { ...onePage(friends), ...counts } }),
    });

  it('shows the counts of completed and pending friends and the reward of those that earned one', async () => {
    await openHistory(
      testUser({ referralCount: 3, referralEarnings: '150.00' }),
      [
        referral({ id: 'r1', referredName: 'Ana P.', status: 'paid', reward: '100.00' }),
        referral({ id: 'r2', referredName: 'Ben C.', status: 'completed', reward: '50.00' }),
        referral({ id: 'r3', referredName: 'Carla R.', status: 'pending' }),
      ],
      { earned: 2, waiting: 1 },
    );

    const figure = (label: string) => within(screen.getByRole('group', { name: label }));
    expect(figure('Total Referrals').getByText('3')).toBeTruthy();
    expect(await figure('Completed').findByText('2')).toBeTruthy();
    expect(figure('Earned Referral Bonus').getByText('₱150.00')).toBeTruthy();
    expect(figure('Pending').getByText('1')).toBeTruthy();

    const history = screen.getByRole('table', { name: 'Referral History' });
    expect(within(within(history).getByRole('row', { name: /Ana P\./ })).getByText('₱100.00')).toBeTruthy();
    expect(within(within(history).getByRole('row', { name: /Ben C\./ })).getByText('Completed')).toBeTruthy();
    expect(within(within(history).getByRole('row', { name: /Carla R\./ })).getByText('Not yet earned')).toBeTruthy();
  });

  it('shows a held bonus as under review, and a refused one with the admin’s reason', async () => {
    await openHistory(
      testUser({ referralCount: 2, referralEarnings: '0.00' }),
      [
        referral({ id: 'r1', referredName: 'Dina L.', status: 'held', heldReward: '50.00' }),
        referral({ id: 'r2', referredName: 'Eli M.', status: 'rejected', reviewNote: 'Same device as the sponsor' }),
      ],
      { earned: 0, waiting: 1 },
    );

    const history = screen.getByRole('table', { name: 'Referral History' });
    const held = within(await within(history).findByRole('row', { name: /Dina L\./ }));
    expect(held.getByText('Under review')).toBeTruthy();
    expect(held.getByText('₱50.00 under review')).toBeTruthy();
    const rejected = within(within(history).getByRole('row', { name: /Eli M\./ }));
    expect(rejected.getByText('Rejected')).toBeTruthy();
    expect(rejected.getByText('Not paid: Same device as the sponsor')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Pending' })).getByText('1')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Completed' })).getByText('0')).toBeTruthy();
  });

  it('shows a bonus pending until the friend’s first payout is approved, apart from what is earned', async () => {
    await openHistory(
      testUser({ referralCount: 2, referralEarnings: '50.00', pendingBonuses: '100.00' }),
      [
        referral({ id: 'r1', referredName: 'Ana R.', status: 'awaiting_payout', pendingReward: '50.00' }),
        referral({ id: 'r2', referredName: 'Ben C.', status: 'awaiting_payout', reward: '50.00', pendingReward: '50.00' }),
      ],
      { earned: 0, waiting: 2 },
    );

    const history = screen.getByRole('table', { name: 'Referral History' });
    const ana = within(await within(history).findByRole('row', { name: /Ana R\./ }));
    expect(ana.getByText('Bonus pending')).toBeTruthy();
    expect(ana.getByText('₱50.00 pending')).toBeTruthy();
    expect(ana.getByText("Pending until Ana R.'s first payout is approved")).toBeTruthy();
    // Ben's VIP bonus is his sponsor's already; his first task's waits.
    const ben = within(within(history).getByRole('row', { name: /Ben C\./ }));
    expect(ben.getByText('₱50.00')).toBeTruthy();
    expect(ben.getByText("Pending until Ben C.'s first payout is approved")).toBeTruthy();
    const earned = within(screen.getByRole('group', { name: 'Earned Referral Bonus' }));
    expect(earned.getByText('₱50.00')).toBeTruthy();
    expect(earned.getByText('₱100.00 pending')).toBeTruthy();
  });
});

describe('invite page', () => {
  const inviter = () => ({ data: { email: 'm***@example.com', firstName: 'Maria' } });

  it('shows the code and the inviter, and keeps the code for a visitor who signs in', async () => {
    answerWith({ 'auth.user': () => signedOut, 'referrals.inviter': inviter });
    renderAt('/referral/MARIA2026');

    expect(await screen.findByText('MARIA2026')).toBeTruthy();
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(screen.getByText('(m***@example.com)')).toBeTruthy();
    expect(inputsOf('referrals.inviter')).toEqual([{ code: 'MARIA2026' }]);
    expect(screen.getByRole('link', { name: 'Sign in to join' }).getAttribute('href')).toBe('/api/login?returnTo=%2F');
    await waitFor(() => expect(sessionStorage.getItem('pendingReferralCode')).toBe('MARIA2026'));
  });

  it('applies the kept code once the visitor is signed in', async () => {
    sessionStorage.setItem('pendingReferralCode', 'MARIA2026');
    answerWith({ 'auth.user': () => ({ data: testUser({ referralCode: 'JUAN2026' }) }), 'referrals.useCode': () => ({ data: applied }) });
    renderAt('/');

    expect(await screen.findByText('Referral code applied successfully!')).toBeTruthy();
    expect(inputsOf('referrals.useCode')).toEqual([{ referralCode: 'MARIA2026' }]);
    expect(sessionStorage.getItem('pendingReferralCode')).toBeNull();
  });

  it('lets a signed-in member without a sponsor apply the code', async () => {
    const user = userEvent.setup();
    answerWith({
      'auth.user': () => ({ data: testUser({ referralCode: 'JUAN2026' }) }),
      'referrals.inviter': inviter,
      'referrals.useCode': () => ({ data: applied }),
    });
    renderAt('/referral/MARIA2026');

    await user.click(await screen.findByRole('button', { name: 'Apply Referral Code' }));

    expect(await screen.findByText('Referral code applied successfully!')).toBeTruthy();
    expect(inputsOf('referrals.useCode')).toEqual([{ referralCode: 'MARIA2026' }]);
  });

  it('says when the code does not exist, and keeps nothing', async () => {
    answerWith({
      'auth.user': () => signedOut,
      'referrals.inviter': () => ({ error: { code: 'NOT_FOUND', message: 'This referral code does not exist' } }),
    });
    renderAt('/referral/NOPE');

    expect(await screen.findByText('This referral code does not exist')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in to join' })).toBeNull();
    expect(sessionStorage.getItem('pendingReferralCode')).toBeNull();
  });
});
