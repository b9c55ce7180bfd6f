import { formatMinutes, messages, WRONG_PASSWORD_LIMITS, type WrongPasswordLimitName } from '@app/contracts';
import { AppError } from './errors';

/**
 * Counters of wrong passwords shared by every instance (PostgreSQL, or Redis with REDIS_URL). The server's
 * implementation lets a call through uncounted when its store is down, and logs that: the counters are a
 * brake on guessing, the password itself stays the gate.
 */
export interface AttemptCounter {
  /** Counts one attempt under `key` in a fixed window of `windowMs`: the window's attempts and what is left of it. */
  count(key: string, windowMs: number): Promise<{ hits: number; windowLeftMs: number }>;
  /** Takes one attempt back from the key's current window. */
  forgive(key: string): Promise<void>;
}

/**
 * Checks a password under a lockout that only wrong passwords feed (WRONG_PASSWORD_LIMITS): every attempt
 * is counted before the check, so concurrent guesses cannot slip past the limit, and a correct password
 * takes its count back. The attempt that uses up the limit, and every one after it until the window
 * ends, is answered 429 saying how long to wait. Returns whether the password was correct.
 */
export async function checkPasswordAttempt(
  counter: AttemptCounter,
  limit: WrongPasswordLimitName,
  subject: string,
  isCorrect: () => boolean,
): Promise<boolean> {
  const { max, windowMs } = WRONG_PASSWORD_LIMITS[limit];
  const key = `wrongPassword:${limit}:${subject}`;
  const { hits, windowLeftMs } = await counter.count(key, windowMs);
  const lockedOut = () =>
    new AppError('TOO_MANY_REQUESTS', messages.auth.tooManyWrongPasswords(formatMinutes(windowLeftMs)), {
      retryAfterSeconds: Math.max(1, Math.ceil(windowLeftMs / 1000)),
    });
  if (hits > max) throw lockedOut();
  if (isCorrect()) {
    await counter.forgive(key);
    return true;
  }
  if (hits >= max) throw lockedOut();
  return false;
}
