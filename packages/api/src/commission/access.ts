import { secretsMatch } from '@app/auth';
import { type commissionAuthOutput, type commissionLoginInput, messages } from '@app/contracts';
import type { z } from 'zod';
import type { Context } from '../context';
import { unauthorized } from '../lib/errors';
import { checkPasswordAttempt } from '../lib/wrong-passwords';

type CommissionAuth = z.output<typeof commissionAuthOutput>;

type OperatorScope = Pick<Context, 'settings' | 'operatorSessions' | 'attempts' | 'req' | 'operator' | 'now'>;

/** Usernames are counted as typed, within reason: the key must not grow with whatever a guesser sends. */
const usernameKey = (username: string) => username.trim().toLowerCase().slice(0, 100);

/**
 * The commission operator's own sign-in (docs/architecture.md#identity-and-access), with its own cookie. Attempts are rate
 * limited per client address by the server (apps/server/src/security/rate-limits.ts), and wrong ones
 * per username tried, so guesses spread over many addresses are stopped as well; but from a browser the
 * operator signed in from before (its commission_device mark) they count per that browser, so a guesser
 * who locks the username out does not lock the operator out.
 */
export async function signInOperator(ctx: OperatorScope, input: z.output<typeof commissionLoginInput>): Promise<CommissionAuth> {
  const now = ctx.now();
  // Both compared every time, so the answer's timing does not tell which one was wrong.
  const isCorrect = () => {
    const usernameOk = secretsMatch(input.username, ctx.settings.commissionUsername);
    const passwordOk = secretsMatch(input.password, ctx.settings.commissionPassword);
    return usernameOk && passwordOk;
  };
  const credentials = { username: ctx.settings.commissionUsername, password: ctx.settings.commissionPassword };
  const knownDevice = ctx.operatorSessions.knownDevice(ctx.req.cookie(ctx.operatorSessions.knownDeviceCookieName), credentials);
  const correct = knownDevice
    ? await checkPasswordAttempt(ctx.attempts, 'commissionLoginKnownDevice', knownDevice, isCorrect)
    : await checkPasswordAttempt(ctx.attempts, 'commissionLogin', usernameKey(input.username), isCorrect);
  if (!correct) throw unauthorized(messages.auth.invalidCredentials);
  if (ctx.operator) await ctx.operatorSessions.invalidate(ctx.operator.token);
  const token = await ctx.operatorSessions.create(ctx.settings.commissionUsername, now);
  ctx.req.setCookie(ctx.operatorSessions.cookie(token));
  ctx.req.setCookie(ctx.operatorSessions.knownDeviceCookie(credentials));
  return { authenticated: true, username: ctx.settings.commissionUsername };
}

/** The operator's session as the commission app checks it: refused (401) without one. */
export function readOperatorSession(ctx: Pick<Context, 'operator'>): CommissionAuth {
  if (!ctx.operator) throw unauthorized();
  return { authenticated: true, username: ctx.operator.username };
}

/** Ends the operator's session and clears its cookie. */
export async function signOutOperator(ctx: Pick<Context, 'operatorSessions' | 'req'> & { operator: { token: string } }): Promise<void> {
  await ctx.operatorSessions.invalidate(ctx.operator.token);
  ctx.req.setCookie(ctx.operatorSessions.cookie(null));
}
