import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { conflict } from '../runtime/errors';
import { canonicalJson } from './proposal/sign-document';

/**
 * The contract's Idempotency-Key rule for value-moving POSTs (proposals, votes, disbursement,
 * redemption, Instant Payments payments): a retry with the same key and body returns the first
 * result and moves nothing twice; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED.
 *
 * A record is claimed (PENDING) before the work runs and completed with the response after it. A
 * failed attempt releases its claim, so a retry runs again. A concurrent duplicate waits for the
 * first to finish. A claim left PENDING by a crash is taken over after `staleAfterMs`: the work
 * must therefore derive its new ids from the key (`idempotentId`), so that the second run
 * converges on what the first one wrote (event ids and stream versions make that append a no-op).
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

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const fingerprintOf = (request: unknown) => createHash('sha256').update(canonicalJson(request)).digest('hex');

/** A UUID (v4 layout) derived from a key, stable across retries of the same request. */
export function idempotentId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class Idempotency {
  constructor(
    private readonly db: Knex,
    private readonly options: { waitMs?: number; staleAfterMs?: number; pollMs?: number } = {},
  ) {}

  async run(request: IdempotencyRequest, work: () => Promise<IdempotentResponse>): Promise<IdempotentResponse> {
    if (request.key === undefined) return work();
    const fingerprint = fingerprintOf(request.request);
    const deadline = Date.now() + (this.options.waitMs ?? 15_000);
    for (;;) {
      const claimed = await this.claim(request.scope, request.key, fingerprint);
      if (claimed) break;
      const row = await this.db('idempotency_keys').where({ scope: request.scope, key: request.key }).first();
      if (!row) continue; // released between our insert and read: claim again
      if (row.fingerprint !== fingerprint)
        throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
      if (row.status === 'DONE') return { status: row.response_status, body: row.response_body };
      const age = Date.now() - new Date(row.updated_at).getTime();
      if (age > (this.options.staleAfterMs ?? 60_000)) {
        const taken = await this.db('idempotency_keys')
          .where({ scope: request.scope, key: request.key, status: 'PENDING', updated_at: row.updated_at })
          .update({ updated_at: this.db.fn.now() });
        if (taken) break;
        continue;
      }
      if (Date.now() > deadline)
        throw conflict('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry later');
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 50));
    }
    let response: IdempotentResponse;
    try {
      response = await work();
    } catch (error) {
      await this.db('idempotency_keys').where({ scope: request.scope, key: request.key, status: 'PENDING' }).delete();
      throw error;
    }
    await this.db('idempotency_keys')
      .where({ scope: request.scope, key: request.key })
      .update({
        status: 'DONE',
        response_status: response.status,
        response_body: JSON.stringify(response.body ?? null),
        updated_at: this.db.fn.now(),
      });
    return response;
  }

  private async claim(scope: string, key: string, fingerprint: string): Promise<boolean> {
    const inserted = await this.db.raw(
      `insert into idempotency_keys (scope, key, fingerprint, status) values (?, ?, ?, 'PENDING')
       on conflict (scope, key) do nothing returning key`,
      [scope, key, fingerprint],
    );
    return inserted.rows.length > 0;
  }

  /** Forgets records older than `ageMs` (a housekeeping timer may call it). */
  async prune(ageMs: number): Promise<number> {
    return this.db('idempotency_keys')
      .where('created_at', '<', new Date(Date.now() - ageMs))
      .delete();
  }
}
