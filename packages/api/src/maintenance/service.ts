import type { MaintenanceStatus } from '@app/contracts';
import type { Db } from '@app/db';

export async function readMaintenance(db: Db): Promise<MaintenanceStatus> {
  const row = await db
    .selectFrom('systemSettings')
    .select(['maintenance', 'websiteStatus', 'message', 'updatedAt'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    maintenance: row.maintenance,
    websiteStatus: row.websiteStatus,
    message: row.message,
    lastUpdated: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}
