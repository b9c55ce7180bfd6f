import type { MaintenanceStatus, VipPaymentDetails } from '@app/contracts';
import type { AppCaches, Db, SystemSettingsRow } from '@app/db';

/** What a cached read needs: the database to load from and this instance's caches (docs/architecture.md#caches). */
export interface CachedReader {
  db: Db;
  caches: AppCaches;
}

/** The system settings row, from this instance's cache. */
export function readSettingsRow({ db, caches }: CachedReader): Promise<Readonly<SystemSettingsRow>> {
  return caches.settings.get('row', async () =>
    Object.freeze(await db.selectFrom('systemSettings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()),
  );
}

type SettingsRow = Readonly<SystemSettingsRow>;

/** What members are told of the site's state. */
export function maintenanceOf(row: SettingsRow): MaintenanceStatus {
  return {
    maintenance: row.maintenance,
    websiteStatus: row.websiteStatus,
    message: row.message,
    lastUpdated: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** The G-CASH account members pay plans to, as the admins set it in the system settings. */
export function gcashPayeeOf({ gcashNumber, gcashName }: SettingsRow): VipPaymentDetails {
  return { gcashNumber, gcashName };
}

export async function readMaintenance(reader: CachedReader): Promise<MaintenanceStatus> {
  return maintenanceOf(await readSettingsRow(reader));
}

export async function readGcashPayee(reader: CachedReader): Promise<VipPaymentDetails> {
  return gcashPayeeOf(await readSettingsRow(reader));
}
