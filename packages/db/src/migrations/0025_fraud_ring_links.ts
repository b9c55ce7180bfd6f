import { addressBlock } from '@app/contracts';
import { type Kysely, sql } from 'kysely';
import { writeAddressBlocks } from './0022_sign_in_address_blocks';

/**
 * What ties the accounts of one person together when they hide behind fresh browsers and networks
 * (docs/product-rules.md#fraud-rules):
 *
 * - Sign-ins from an IPv6 address that only carries an IPv4 one (IPv4-mapped in any notation, NAT64) are
 *   compared by that IPv4 address: their block is read again by the application's rule (addressBlock).
 * - A browser's traits (a hash the member app computes) are a signal of their own kind, `traits`.
 * - `account_clusters`: the accounts tied through strong links, directly or through each other, as the
 *   application last walked them; no row is a cluster of one. Each change notifies `cluster:<member>`, which
 *   drops the admin queue pages that show the member's cluster (docs/architecture.md#caches).
 * - `stale_clusters`: the accounts whose cluster must be walked again, written in the transaction that
 *   records a signal new to them, so a walk that fails or never runs is made by the next one. Every account
 *   sharing a device or a payout destination with another is put there now, for its first walk.
 */
const statements = [
  'ALTER TABLE account_signals DROP CONSTRAINT account_signals_kind_check',
  `ALTER TABLE account_signals ADD CONSTRAINT account_signals_kind_check CHECK (kind IN ('device', 'destination', 'traits'))`,
  `CREATE TABLE account_clusters (
    user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    cluster_id text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX account_clusters_cluster_idx ON account_clusters (cluster_id)',
  `CREATE TABLE stale_clusters (
    user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    since timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE FUNCTION notify_cluster_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
    BEGIN
      PERFORM pg_notify('app_changes', 'cluster:' || target);
      RETURN NULL;
    END $$`,
  'CREATE TRIGGER account_clusters_changed AFTER INSERT OR UPDATE OR DELETE ON account_clusters FOR EACH ROW EXECUTE FUNCTION notify_cluster_change()',
  `INSERT INTO stale_clusters (user_id)
    SELECT DISTINCT mine.user_id FROM account_signals mine
    WHERE EXISTS (SELECT 1 FROM account_signals other WHERE other.kind = mine.kind AND other.value = mine.value AND other.user_id <> mine.user_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await refillAddressBlocks(db);
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The block of every sign-in from an address written with ':', by the rule in force now. */
async function refillAddressBlocks(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ address: string; block: string }>`
    SELECT DISTINCT address, address_block AS block FROM sign_ins WHERE position(':' IN address) > 0
  `.execute(db);
  const changed = rows.filter(({ address, block }) => addressBlock(address) !== block);
  await writeAddressBlocks(
    db,
    changed.map(({ address }) => address),
  );
}

/** A block read by the newer rule stays: it names the same client the older rule did, or the IPv4 one it carried. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'DROP TRIGGER account_clusters_changed ON account_clusters',
    'DROP FUNCTION notify_cluster_change()',
    'DROP TABLE stale_clusters',
    'DROP TABLE account_clusters',
    `DELETE FROM account_signals WHERE kind = 'traits'`,
    'ALTER TABLE account_signals DROP CONSTRAINT account_signals_kind_check',
    `ALTER TABLE account_signals ADD CONSTRAINT account_signals_kind_check CHECK (kind IN ('device', 'destination'))`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
