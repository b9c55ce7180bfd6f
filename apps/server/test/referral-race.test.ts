import { messages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { signIn, testAppOfFile } from './helpers';

const t = testAppOfFile();

async function member(email: string) {
  const cookie = await signIn(t.app, email);
  const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json();
  return { cookie, id: me.id as string, code: me.referralCode as string };
}

const useCode = (cookie: string, referralCode: string) =>
  t.app.inject({ method: 'POST', url: '/api/referrals/use-code', headers: { cookie }, payload: { referralCode } });

describe('referral codes used at the same moment', () => {
  it('makes one of two members who use each other’s codes the other’s sponsor, and refuses the cycle', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => Promise.all([member(`race${i}a@example.com`), member(`race${i}b@example.com`)])),
    );
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [useCode(a.cookie, b.code), useCode(b.cookie, a.code)]));
    for (let pair = 0; pair < pairs.length; pair++) {
      const [first, second] = [answers[2 * pair]!, answers[2 * pair + 1]!];
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
      expect([first, second].find((answer) => answer.statusCode === 400)!.json()).toEqual({
        message: messages.referrals.circular,
        code: 'BAD_REQUEST',
      });
    }
    const cycles = await t.database.db
      .selectFrom('users as u')
      .innerJoin('users as sponsor', 'sponsor.id', 'u.referredBy')
      .select('u.id')
      .whereRef('sponsor.referredBy', '=', 'u.id')
      .execute();
    expect(cycles).toEqual([]);
  });
});
