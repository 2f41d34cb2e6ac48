/** A power of two: a shard is picked by the low bits of a hash. */
export const SHARDS = 256;

/** Picks a key's shard from all its characters (ids may share any prefix or suffix). */
export function shardOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return (hash ^ (hash >>> 16)) & (SHARDS - 1);
}

/**
 * A map by string key spread over 256 Maps. A Map grows by rehashing every entry in one step: the
 * `set` that took one past 2^20 entries stopped the event loop ~210 ms, and a bank ledger of a million
 * clients keeps two maps that size (its clients' rows and its aliases), which grew so at every load and
 * as the bank grew. A shard holds about 1/256 of the entries, and so rehashes that much at a time.
 * Iterates shard by shard (each in insertion order), not in insertion order overall.
 */
export class ShardedMap<V> {
  private readonly shards: Array<Map<string, V> | undefined> = new Array<Map<string, V> | undefined>(SHARDS);
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    return this.shards[shardOf(key)]?.get(key);
  }

  has(key: string): boolean {
    return this.shards[shardOf(key)]?.has(key) ?? false;
  }

  set(key: string, value: V): this {
    const index = shardOf(key);
    const shard = (this.shards[index] ??= new Map<string, V>());
    const before = shard.size;
    shard.set(key, value);
    this.count += shard.size - before;
    return this;
  }

  delete(key: string): boolean {
    if (!this.shards[shardOf(key)]?.delete(key)) return false;
    this.count--;
    return true;
  }

  *[Symbol.iterator](): IterableIterator<[string, V]> {
    for (const shard of this.shards) if (shard) yield* shard;
  }
}
