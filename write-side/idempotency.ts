import { hash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { conflict } from './errors';
import { canonicalJson } from './proposal/sign-document';

/**
 * The contract's Idempotency-Key rule for value-moving POSTs (proposals, votes, disbursement,
 * redemption, Instant Payments payments): a retry with the same key and body returns the first
 * result and moves nothing twice; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED.
 *
 * An attempt claims the key (PENDING, with its own claim token and a lease) before the work runs and
 * completes it with the response after. While the work runs the lease is renewed; a failed attempt
 * releases its claim. Nothing else ever frees a key, so a claim whose owner crashed, or whose release
 * was lost to a database outage, is simply let expire: the next retry takes it over. Lease times are
 * compared in SQL on the database's clock. A retry therefore answers within `waitMs` (longer than a
 * lease) with the first result, a fresh execution, or 409 IDEMPOTENCY_KEY_IN_USE only while another
 * attempt is still alive. A taken-over run repeats the work, so the work derives its new ids from the
 * key (`idempotentId`) and converges on what the first run wrote.
 */
export interface IdempotentResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyRequest {
  /** Whose key it is: a user id, a retail client id. Keys of different callers never collide. */
  scope: string;
  /** The Idempotency-Key header; undefined runs the work without a record. */
  key: string | undefined;
  /** What makes two requests "the same": method, path and body. */
  request: unknown;
}

export interface IdempotencyOptions {
  /** How long a claim stays owned without renewal (a crashed owner frees its key after this). */
  leaseMs?: number;
  /** How long a retry waits for a live attempt before answering 409 IDEMPOTENCY_KEY_IN_USE. */
  waitMs?: number;
  /** The longest pause between two looks at a claim held by another attempt. */
  pollMs?: number;
}

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const DEFAULT_LEASE_MS = 10_000;

// One-shot hashes (node:crypto's hash, not a Hash object per call): both run on every payment.
export const fingerprintOf = (request: unknown) => hash('sha256', canonicalJson(request), 'hex');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A UUID (v4 layout) derived from a key, stable across retries of the same request. */
export function idempotentId(...parts: string[]): string {
  const hex = hash('sha256', parts.join('\u0000'), 'hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface KeyRow {
  fingerprint: string;
  status: 'PENDING' | 'DONE';
  response_status: number | null;
  response_body: unknown;
}

export class Idempotency {
  private readonly leaseMs: number;
  private readonly waitMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly db: Knex,
    options: IdempotencyOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    // Longer than a lease: a retry outlives any claim that nobody renews, so it never gives up on a dead one.
    this.waitMs = options.waitMs ?? this.leaseMs + 2_000;
    this.pollMs = options.pollMs ?? 200;
  }

  async run(request: IdempotencyRequest, work: () => Promise<IdempotentResponse>): Promise<IdempotentResponse> {
    if (request.key === undefined) return work();
    const { scope, key } = request;
    const fingerprint = fingerprintOf(request.request);
    const token = randomUUID();
    const deadline = Date.now() + this.waitMs;
    for (let look = 0; ; look++) {
      if (await this.claim(scope, key, fingerprint, token)) break;
      const row: KeyRow | undefined = await this.db('idempotency_keys').where({ scope, key }).first();
      if (row && row.fingerprint !== fingerprint)
        throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
      if (row?.status === 'DONE') return { status: row.response_status!, body: row.response_body };
      // Held by a live attempt (or released a moment ago): every path pauses and respects the deadline.
      if (Date.now() >= deadline)
        throw conflict('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry later');
      await pause(Math.min(this.pollMs, 10 * 2 ** look, Math.max(1, deadline - Date.now())));
    }
    return this.runClaimed(scope, key, token, work);
  }

  private async runClaimed(scope: string, key: string, token: string, work: () => Promise<IdempotentResponse>): Promise<IdempotentResponse> {
    const owned = () => this.db('idempotency_keys').where({ scope, key, claim_token: token, status: 'PENDING' });
    // A renewal that fails (database unreachable) is harmless: the lease runs out and a retry takes over.
    const renewal = setInterval(() => {
      owned()
        .update({ lease_until: this.db.raw(`now() + make_interval(secs => ?)`, [this.leaseMs / 1000]) })
        .catch(() => undefined);
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    renewal.unref();
    let response: IdempotentResponse;
    try {
      response = await work();
    } catch (error) {
      clearInterval(renewal);
      await owned()
        .delete()
        .catch(() => undefined);
      throw error;
    }
    clearInterval(renewal);
    // When this write is lost the work still happened; a retry after the lease re-runs it and converges.
    await owned().update({
      status: 'DONE',
      response_status: response.status,
      response_body: JSON.stringify(response.body ?? null),
      updated_at: this.db.fn.now(),
    });
    return response;
  }

  /** Inserts a claim, or takes over one of the same request whose lease has run out; true when it is ours. */
  private async claim(scope: string, key: string, fingerprint: string, token: string): Promise<boolean> {
    const claimed = await this.db.raw(
      `insert into idempotency_keys as k (scope, key, fingerprint, status, claim_token, lease_until)
       values (?, ?, ?, 'PENDING', ?, now() + make_interval(secs => ?))
       on conflict (scope, key) do update
         set claim_token = excluded.claim_token, lease_until = excluded.lease_until, updated_at = now()
         where k.status = 'PENDING' and k.fingerprint = excluded.fingerprint and k.lease_until < now()
       returning k.claim_token`,
      [scope, key, fingerprint, token, this.leaseMs / 1000],
    );
    return claimed.rows.length > 0 && claimed.rows[0].claim_token === token;
  }

  /** Forgets records older than `ageMs` (a housekeeping timer may call it). */
  async prune(ageMs: number): Promise<number> {
    return this.db('idempotency_keys')
      .where('created_at', '<', this.db.raw(`now() - make_interval(secs => ?)`, [ageMs / 1000]))
      .delete();
  }
}
