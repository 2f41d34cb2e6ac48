import { randomUUID } from 'node:crypto';
import { ShardedMap, SHARDS, shardOf } from '../../write-side/instant-payments/sharded-map';

describe('a map spread over shards (a bank ledger’s clients and aliases)', () => {
  it('gets, sets, replaces and deletes by key, and counts its entries', () => {
    const map = new ShardedMap<string>();
    map.set('ana', 'c1').set('beto', 'c2').set('constructor', 'c3');
    map.set('ana', 'c4');
    expect([map.size, map.get('ana'), map.get('beto'), map.get('constructor'), map.get('toString'), map.get('dora')]).toEqual([3, 'c4', 'c2', 'c3', undefined, undefined]);
    expect([map.has('beto'), map.has('__proto__'), map.delete('beto'), map.delete('beto'), map.has('beto'), map.size]).toEqual([true, false, true, false, false, 2]);
    expect(new Map(map)).toEqual(new Map([['ana', 'c4'], ['constructor', 'c3']]));
  });

  it('holds and iterates every one of many entries once', () => {
    const keys = Array.from({ length: 20_000 }, (_, index) => `client-${index}`);
    const map = new ShardedMap<number>();
    keys.forEach((key, index) => map.set(key, index));
    expect(map.size).toBe(20_000);
    expect([...map].map(([key]) => key).sort()).toEqual([...keys].sort());
    expect(keys.every((key, index) => map.get(key) === index)).toBe(true);
  });

  it.each([
    ['random ids', Array.from({ length: 51_200 }, () => randomUUID())],
    ['numbered ids', Array.from({ length: 51_200 }, (_, index) => `client-${index}`)],
    ['aliases', Array.from({ length: 51_200 }, (_, index) => `maria.silva${index}`)],
    ['ids with a common suffix', Array.from({ length: 51_200 }, (_, index) => `${index}@bank.example`)],
  ])('spreads %s so that no shard holds more than twice its share', (_kind, keys) => {
    const sizes = new Array<number>(SHARDS).fill(0);
    for (const key of keys) sizes[shardOf(key)]!++;
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * (keys.length / SHARDS));
  });
});
