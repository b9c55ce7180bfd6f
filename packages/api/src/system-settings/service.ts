import {
  type AdminMaintenanceInput,
  type MaintenanceStatus,
  type SystemSettings,
  type SystemSettingsInput,
  staffMessages,
  type VipPaymentDetails,
} from '@app/contracts';
import type { AppCaches, Db, SystemSettingsRow, Tx } from '@app/db';
import { type AdminActor, logAdminAction } from '../admin-log/service';

/** What a cached read needs: the database to load from and this instance's caches (docs/architecture.md#caches). */
export interface CachedReader {
  db: Db;
  caches: AppCaches;
}

/** The system settings row, from this instance's cache. */
function readSystemSettingsRow({ db, caches }: CachedReader): Promise<Readonly<SystemSettingsRow>> {
  return caches.settings.get('row', async () =>
    Object.freeze(await db.selectFrom('systemSettings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()),
  );
}

/** What members are told of the site's state. */
function maintenanceOf(row: Readonly<SystemSettingsRow>): MaintenanceStatus {
  return {
    maintenance: row.maintenance,
    websiteStatus: row.websiteStatus,
    message: row.message,
    lastUpdated: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** The G-CASH account members pay plans to, as the admins set it in the system settings. */
function gcashPayeeOf({ gcashNumber, gcashName }: Readonly<SystemSettingsRow>): VipPaymentDetails {
  return { gcashNumber, gcashName };
}

export async function readMaintenanceStatus(reader: CachedReader): Promise<MaintenanceStatus> {
  return maintenanceOf(await readSystemSettingsRow(reader));
}

export async function readGcashPayee(reader: CachedReader): Promise<VipPaymentDetails> {
  return gcashPayeeOf(await readSystemSettingsRow(reader));
}

type MaintenanceSwitches = Pick<MaintenanceStatus, 'maintenance' | 'websiteStatus'>;

/** The settings row, locked: two admins switching at once apply one after the other. */
function lockSystemSettings(trx: Tx) {
  return trx
    .selectFrom('systemSettings')
    .select(['maintenance', 'websiteStatus'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * The reason recorded when the admin leaves it blank (docs/product-rules.md#validation), by what the call did:
 * the website switch when it changed the website status or named nothing else, else maintenance mode.
 */
function defaultReason(input: AdminMaintenanceInput, before: MaintenanceSwitches, after: MaintenanceSwitches): string {
  const websiteAction =
    input.websiteStatus !== undefined && (input.maintenance === undefined || after.websiteStatus !== before.websiteStatus);
  if (websiteAction) return after.websiteStatus === 'on' ? staffMessages.admin.websiteOn : staffMessages.admin.websiteOff;
  return after.maintenance ? staffMessages.admin.maintenanceOn : staffMessages.admin.maintenanceOff;
}

/** The maintenance controls: switches maintenance mode and/or the website status, with a reason in the log. */
export async function switchMaintenance(
  db: Db,
  input: AdminMaintenanceInput,
  actor: AdminActor,
  now: Date,
): Promise<MaintenanceSwitches & { message: string }> {
  return db.transaction().execute(async (trx) => {
    const before = await lockSystemSettings(trx);
    const after: MaintenanceSwitches = {
      maintenance: input.maintenance ?? before.maintenance,
      websiteStatus: input.websiteStatus ?? before.websiteStatus,
    };
    await trx
      .updateTable('systemSettings')
      .set({ ...after, ...(input.message === undefined ? {} : { message: input.message }), updatedBy: actor.adminId, updatedAt: now })
      .where('id', '=', 1)
      .execute();
    await logAdminAction(trx, actor, {
      action: 'update_maintenance',
      details: {
        ...after,
        reason: input.reason ?? defaultReason(input, before, after),
        ...(input.message === undefined ? {} : { message: input.message }),
      },
    });
    return { ...after, message: staffMessages.admin.maintenanceUpdated };
  });
}

function toSystemSettings(row: SystemSettingsRow): SystemSettings {
  const status = maintenanceOf(row);
  return { ...status, maintenanceMode: status.maintenance, ...gcashPayeeOf(row) };
}

export async function readSystemSettings(reader: CachedReader): Promise<SystemSettings> {
  return toSystemSettings(await readSystemSettingsRow(reader));
}

/** The System tab: maintenance mode, the message members see while the site is closed, the G-CASH payee. */
export async function updateSystemSettings(db: Db, input: SystemSettingsInput, actor: AdminActor, now: Date): Promise<SystemSettings> {
  return db.transaction().execute(async (trx) => {
    await lockSystemSettings(trx);
    const row = await trx
      .updateTable('systemSettings')
      .set({
        ...(input.maintenance === undefined ? {} : { maintenance: input.maintenance }),
        ...(input.message === undefined ? {} : { message: input.message }),
        ...(input.gcashNumber === undefined ? {} : { gcashNumber: input.gcashNumber }),
        ...(input.gcashName === undefined ? {} : { gcashName: input.gcashName }),
        updatedBy: actor.adminId,
        updatedAt: now,
      })
      .where('id', '=', 1)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logAdminAction(trx, actor, {
      action: 'update_system_settings',
      details: { maintenance: input.maintenance, message: input.message, gcashNumber: input.gcashNumber, gcashName: input.gcashName },
    });
    return toSystemSettings(row);
  });
}
