import { hashToken } from '@app/auth';
import { staffMessages } from '@app/contracts';
import type { Db } from '@app/db';
import { AppError } from '../lib/errors';
import { ownPasskeys, type PasskeySession, sessionTable } from './owner';

const m = staffMessages.passkeys;

/** When the session's step-up ends, if it ever stepped up. */
export async function readStepUpUntil(db: Db, actor: PasskeySession): Promise<Date | null> {
  const row = await db
    .selectFrom(sessionTable(actor))
    .select('stepUpUntil')
    .where('id', '=', hashToken(actor.sessionToken))
    .executeTakeFirst();
  return row?.stepUpUntil ?? null;
}

/**
 * The step-up rule of every money decision (docs/architecture.md#passkeys-and-the-step-up): an actor with a
 * passkey needs a step-up younger than STEP_UP_MINUTES (401 STEP_UP_REQUIRED); one without is let through,
 * unless `required` (ADMIN_PASSKEY_REQUIRED), which asks them to register one (403 PASSKEY_REQUIRED). One
 * query: the actor's passkeys counted beside the session's step-up.
 */
export async function requireStepUp(db: Db, actor: PasskeySession, now: Date, required: boolean): Promise<void> {
  const row = await db
    .selectNoFrom((eb) => [
      ownPasskeys(db, actor)
        .select((k) => k.fn.countAll<number>().as('n'))
        .as('passkeys'),
      eb.selectFrom(sessionTable(actor)).select('stepUpUntil').where('id', '=', hashToken(actor.sessionToken)).as('stepUpUntil'),
    ])
    .executeTakeFirstOrThrow();
  if (Number(row.passkeys) === 0) {
    if (required) throw new AppError('PASSKEY_REQUIRED', m.passkeyRequired);
    return;
  }
  const until = row.stepUpUntil === null ? null : new Date(row.stepUpUntil);
  if (!until || until <= now) throw new AppError('STEP_UP_REQUIRED', m.stepUpRequired);
}
