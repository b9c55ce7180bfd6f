import { addressBlock } from '@app/contracts';
import { type Kysely, sql } from 'kysely';

/**
 * Sign-ins are compared by the block their address belongs to (docs/product-rules.md#fraud-rules): an IPv6
 * client takes any address of its /64 at will, so two accounts signing in from one /64 share an address as
 * much as two behind one IPv4 address do. Old sign-ins get their block here, IPv6 ones by the same rule the
 * application applies (addressBlock).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sign_ins ADD COLUMN address_block text`.execute(db);
  await sql`UPDATE sign_ins SET address_block = address WHERE position(':' IN address) = 0`.execute(db);
  const { rows } = await sql<{ address: string }>`
    SELECT DISTINCT address FROM sign_ins WHERE address_block IS NULL
  `.execute(db);
  await writeAddressBlocks(
    db,
    rows.map(({ address }) => address),
  );
  await sql`ALTER TABLE sign_ins ALTER COLUMN address_block SET NOT NULL`.execute(db);
  await sql`DROP INDEX sign_ins_address_idx`.execute(db);
  await sql`CREATE INDEX sign_ins_address_block_idx ON sign_ins (address_block, created_at)`.execute(db);
}

/** Gives the sign-ins from each address its block by addressBlock, 500 addresses a statement; 0025 reads blocks again with it. */
export async function writeAddressBlocks(db: Kysely<unknown>, addresses: readonly string[]): Promise<void> {
  for (let start = 0; start < addresses.length; start += 500) {
    const values = sql.join(addresses.slice(start, start + 500).map((address) => sql`(${address}, ${addressBlock(address)})`));
    await sql`
      UPDATE sign_ins s SET address_block = found.block
      FROM (VALUES ${values}) AS found (address, block) WHERE s.address = found.address
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sign_ins_address_block_idx`.execute(db);
  await sql`CREATE INDEX sign_ins_address_idx ON sign_ins (address, created_at)`.execute(db);
  await sql`ALTER TABLE sign_ins DROP COLUMN address_block`.execute(db);
}
