import type { Popup } from '@app/contracts';
import type { Db } from '@app/db';

/** Popups switched on whose window holds `now` (no end date: no end), newest first. */
export async function listActivePopups(db: Db, now: Date): Promise<Popup[]> {
  return db
    .selectFrom('popups')
    .select(['id', 'title', 'description', 'content', 'url', 'duration'])
    .where('isActive', '=', true)
    .where('startDate', '<=', now)
    .where((eb) => eb.or([eb('endDate', 'is', null), eb('endDate', '>', now)]))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
