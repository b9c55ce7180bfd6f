import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The ids of one instance's live events (docs/architecture.md#live-updates): `<instance>-<sealed change number>`. */
export class EventIds {
  /** Tells this instance's event ids apart from another's. */
  private readonly instance = randomBytes(4).toString('hex');
  /** Seals the change numbers in this instance's event ids (idOf). */
  private readonly idKey = randomBytes(16);
  /** The latest id sealed: every stream that hears one change sends the same id, sealed once. */
  private lastId = { seq: -1, id: '' };

  /**
   * The number of a change, sealed: one AES block of eight zero bytes and the number, under a key that never
   * leaves the instance. Every change of the site counts, so plain numbers would let anyone, a signed-out
   * visitor too, count the site's credits, payouts and messages by opening two streams a minute apart; and
   * an id a page makes up is refused, for its zero bytes do not come out of the unsealing.
   */
  idOf(seq: number): string {
    if (this.lastId.seq === seq) return this.lastId.id;
    const block = Buffer.alloc(16);
    block.writeBigUInt64BE(BigInt(seq), 8);
    const cipher = createCipheriv('aes-128-ecb', this.idKey, null).setAutoPadding(false);
    this.lastId = { seq, id: `${this.instance}-${Buffer.concat([cipher.update(block), cipher.final()]).toString('hex')}` };
    return this.lastId.id;
  }

  /** The change number an id of this instance's seals, or null for any other text. */
  seqOf(lastEventId: string | null | undefined): number | null {
    const match = /^([0-9a-f]{8})-([0-9a-f]{32})$/.exec(lastEventId ?? '');
    if (!match || match[1] !== this.instance) return null;
    const decipher = createDecipheriv('aes-128-ecb', this.idKey, null).setAutoPadding(false);
    const block = Buffer.concat([decipher.update(Buffer.from(match[2] ?? '', 'hex')), decipher.final()]);
    return block.readBigUInt64BE(0) === 0n ? Number(block.readBigUInt64BE(8)) : null;
  }
}
