import { addressBlock } from '@app/contracts';
import { type Kysely, sql } from 'kysely';

/**
 * What ties the accounts of one person together when they hide behind fresh browsers and networks
 * (docs/product-rules.md#fraud-rules).
 *
 * Sign-ins from an IPv6 address that only carries an IPv4 one (IPv4-mapped in any notation, NAT64) are
 * compared by that IPv4 address: their block is read again by the application's rule (addressBlock).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await refillAddressBlocks(db);
}

/** The block of every sign-in from an address written with ':', by the rule in force now. */
async function refillAddressBlocks(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ address: string; block: string }>`
    SELECT DISTINCT address, address_block AS block FROM sign_ins WHERE position(':' IN address) > 0
  `.execute(db);
  const changed = rows.filter(({ address, block }) => addressBlock(address) !== block);
  for (let start = 0; start < changed.length; start += 500) {
    const values = sql.join(changed.slice(start, start + 500).map(({ address }) => sql`(${address}, ${addressBlock(address)})`));
    await sql`
      UPDATE sign_ins s SET address_block = found.block
      FROM (VALUES ${values}) AS found (address, block) WHERE s.address = found.address
    `.execute(db);
  }
}

/** A block read by the newer rule stays: it names the same client the older rule did, or the IPv4 one it carried. */
export async function down(_db: Kysely<unknown>): Promise<void> {}
