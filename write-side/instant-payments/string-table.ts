import { doubled } from './columns';

/** A slot never used: a probe stops here. */
const EMPTY = -1;
/** A slot whose entry was removed: a probe goes past it, an insertion may reuse it. */
const REMOVED = -2;
/** The length of a removed entry: no key has it. */
const GONE = 0xffffffff;
/** The index is this many open-addressing tables, picked by a hash's top bits, each growing on its own. */
const SHARDS = 256;
const FIRST_SHARD_SLOTS = 8;
/** Keys' bytes are kept in chunks of 2^16 bytes (the first grows to that size): none is ever copied to a larger one. */
const CHUNK_SHIFT = 16;
const CHUNK_BYTES = 1 << CHUNK_SHIFT;
const FIRST_CHUNK_BYTES = 1024;

/**
 * Strings numbered in the order added (each one's entry), kept as UTF-8 bytes in chunks and found
 * through an open-addressing hash index in typed arrays. It holds no object per string: a bank ledger
 * of a million clients kept its ids and aliases as two million strings, keys of Maps, which every full
 * collection marked and which a load from a snapshot carried through each scavenge (the loop still up
 * to 62 ms, in `bench:payments:history`); here they are a few arrays the collector does not look into.
 * The index is 256 tables, each growing on its own by reinserting its entries' kept hashes: one table
 * of a million entries stood the loop still 74 ms as it grew past 2^20, as a Map had (~210 ms); a
 * shard holds 1/256 of them. The bytes are in chunks for the same reason: in
 * one buffer, doubled and copied as it grew, a million UUIDs stood the loop still ~145 ms and left up to
 * half of it unused. Keys are compared by their bytes, so any well-formed string of up to 2^16 bytes is
 * a key; one with a lone surrogate has no UTF-8 of its own (every lone surrogate encodes as U+FFFD), so
 * it is refused, and no lookup finds it.
 */
export class StringTable {
  private readonly chunks: Buffer[] = [Buffer.allocUnsafe(FIRST_CHUNK_BYTES)];
  /** Where the next key's bytes go: chunk number × CHUNK_BYTES + offset in it. */
  private usedBytes = 0;
  private starts = new Uint32Array(64);
  private lengths = new Uint32Array(64);
  private hashes = new Uint32Array(64);
  /** Entries numbered so far, the removed ones included (but the last, whose number is given again). */
  private numbered = 0;
  private live = 0;
  /** Per shard, the entry in each slot, or EMPTY / REMOVED: a power of two long, at most half of it in use. */
  private readonly shards = Array.from({ length: SHARDS }, () => new Int32Array(FIRST_SHARD_SLOTS).fill(EMPTY));
  /** Per shard, its slots not EMPTY, and its live entries. */
  private readonly usedSlots = new Uint32Array(SHARDS);
  private readonly shardLive = new Uint32Array(SHARDS);
  /** The key being looked up, as UTF-8. */
  private scratch = Buffer.allocUnsafe(256);

  get size(): number {
    return this.live;
  }

  /** One past the highest entry number given: entries below it are live or removed. */
  get entries(): number {
    return this.numbered;
  }

  /** The key's entry, or -1. */
  find(key: string): number {
    if (key.length > CHUNK_BYTES || !key.isWellFormed()) return -1;
    const length = this.encode(key);
    const hash = this.hashOf(length);
    const slot = this.probe(hash, length);
    return slot < 0 ? -1 : this.shards[hash >>> 24]![slot]!;
  }

  /** The key's entry: its own if it has one, else a new one, numbered after the others. */
  add(key: string): number {
    if (key.length > CHUNK_BYTES) throw new RangeError(`a key of ${key.length} characters is longer than a table keeps`);
    if (!key.isWellFormed()) throw new RangeError('a key with a lone surrogate has no UTF-8 bytes of its own');
    const length = this.encode(key);
    if (length > CHUNK_BYTES) throw new RangeError(`a key of ${length} bytes is longer than a table keeps`);
    const hash = this.hashOf(length);
    const found = this.probe(hash, length);
    if (found >= 0) return this.shards[hash >>> 24]![found]!;
    const entry = this.numbered++;
    if (entry === this.starts.length) this.growEntries();
    const start = this.room(length);
    this.scratch.copy(this.chunks[start >>> CHUNK_SHIFT]!, start & (CHUNK_BYTES - 1), 0, length);
    this.starts[entry] = start;
    this.lengths[entry] = length;
    this.hashes[entry] = hash;
    this.live++;
    this.place(entry, hash);
    return entry;
  }

  /** Removes the entry (which must be live). */
  removeEntry(entry: number): void {
    const shard = this.hashes[entry]! >>> 24;
    const slots = this.shards[shard]!;
    const mask = slots.length - 1;
    for (let slot = this.hashes[entry]! & mask; ; slot = (slot + 1) & mask) {
      if (slots[slot] === entry) return this.release(shard, slot, entry);
      if (slots[slot] === EMPTY) throw new Error(`no entry ${entry} in the table`);
    }
  }

  /** The entry's key; null for a removed one. */
  keyAt(entry: number): string | null {
    if (entry < 0 || entry >= this.numbered || this.lengths[entry] === GONE) return null;
    const start = this.starts[entry]!;
    const offset = start & (CHUNK_BYTES - 1);
    return this.chunks[start >>> CHUNK_SHIFT]!.toString('utf8', offset, offset + this.lengths[entry]!);
  }

  private release(shard: number, slot: number, entry: number): void {
    this.shards[shard]![slot] = REMOVED;
    this.shardLive[shard]--;
    this.lengths[entry] = GONE;
    this.live--;
    // The newest entry removed (a registration taken back): its number and bytes are given again.
    if (entry === this.numbered - 1) {
      this.numbered--;
      this.usedBytes = this.starts[entry]!;
    }
  }

  /** The slot of its shard holding the key just encoded (its `length` bytes in scratch), or -1. */
  private probe(hash: number, length: number): number {
    const { starts, lengths, hashes, chunks, scratch } = this;
    const slots = this.shards[hash >>> 24]!;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === EMPTY) return -1;
      if (entry >= 0 && hashes[entry] === hash && lengths[entry] === length) {
        const bytes = chunks[starts[entry]! >>> CHUNK_SHIFT]!;
        const offset = starts[entry]! & (CHUNK_BYTES - 1);
        let index = 0;
        while (index < length && bytes[offset + index] === scratch[index]) index++;
        if (index === length) return slot;
      }
    }
  }

  /** Puts the entry in the first free slot of its probe sequence, its shard rebuilt first when half of it is in use. */
  private place(entry: number, hash: number): void {
    const shard = hash >>> 24;
    if ((this.usedSlots[shard]! + 1) * 2 > this.shards[shard]!.length) this.rebuildShard(shard);
    const slots = this.shards[shard]!;
    const mask = slots.length - 1;
    let slot = hash & mask;
    while (slots[slot]! >= 0) slot = (slot + 1) & mask;
    if (slots[slot] === EMPTY) this.usedSlots[shard]++;
    slots[slot] = entry;
    this.shardLive[shard]++;
  }

  /** The shard anew, four slots for each of its live entries (removed entries' slots are freed). */
  private rebuildShard(shard: number): void {
    let length = FIRST_SHARD_SLOTS;
    while (length < (this.shardLive[shard]! + 1) * 4) length *= 2;
    const slots = new Int32Array(length).fill(EMPTY);
    const mask = length - 1;
    for (const entry of this.shards[shard]!) {
      if (entry < 0) continue;
      let slot = this.hashes[entry]! & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = entry;
    }
    this.shards[shard] = slots;
    this.usedSlots[shard] = this.shardLive[shard]!;
  }

  /** Writes the key into scratch as UTF-8; returns its length in bytes. */
  private encode(key: string): number {
    // A UTF-16 code unit is at most three bytes of UTF-8.
    if (key.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(key.length * 3);
    return this.scratch.write(key, 0, 'utf8');
  }

  /** FNV-1a of the key's bytes, its high bits folded into the low ones the index uses. */
  private hashOf(length: number): number {
    let hash = 0x811c9dc5;
    for (let index = 0; index < length; index++) hash = Math.imul(hash ^ this.scratch[index]!, 0x01000193);
    return (hash ^ (hash >>> 16)) >>> 0;
  }

  private growEntries(): void {
    this.starts = doubled(this.starts);
    this.lengths = doubled(this.lengths);
    this.hashes = doubled(this.hashes);
  }

  /** Where `length` bytes go next, in one chunk: a new chunk when the last has no room for them. */
  private room(length: number): number {
    let chunk = this.usedBytes >>> CHUNK_SHIFT;
    let offset = this.usedBytes & (CHUNK_BYTES - 1);
    if (offset + length > CHUNK_BYTES) {
      chunk++;
      offset = 0;
    }
    if (chunk === this.chunks.length) this.chunks.push(Buffer.allocUnsafe(CHUNK_BYTES));
    else if (chunk === 0 && offset + length > this.chunks[0]!.length) {
      let capacity = this.chunks[0]!.length * 2;
      while (capacity < offset + length) capacity *= 2;
      const larger = Buffer.allocUnsafe(Math.min(capacity, CHUNK_BYTES));
      this.chunks[0]!.copy(larger, 0, 0, offset);
      this.chunks[0] = larger;
    }
    const start = chunk * CHUNK_BYTES + offset;
    this.usedBytes = start + length;
    return start;
  }
}
