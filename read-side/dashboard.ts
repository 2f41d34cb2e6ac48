import type { Knex } from 'knex';
import type { Principal } from '../write-side/user/principal';
import type { MultisigType } from '../write-side/account/events';
import { whereAccountVisible } from './visibility';

export interface TokenAmount {
  denom: string;
  symbol: string;
  exponent: number;
  amount: string;
}

/** A token's row as the statement's JSON gives it: amounts as text (exact), counts as numbers (a count of mints never nears 2^53). */
interface TokenRow {
  denom: string;
  symbol: string;
  exponent: number;
  native: boolean;
  supply: string;
  minted: string;
  burned: string;
  mints: number;
  burns: number;
}

interface WalletRow {
  id: string;
  label: string;
  type: MultisigType;
  address: string;
  archived: boolean;
  denom: string | null;
  amount: string | null;
}

const TOP_WALLETS = 5;

/** Registered tokens and any other denom with supply on the chain (shown by its denom, exponent 0). */
const tokensWithSupply = (db: Knex): Knex.QueryBuilder =>
  db
    .select(
      db.raw('coalesce(t.denom, s.denom) as denom'),
      db.raw('coalesce(t.symbol, s.denom) as symbol'),
      db.raw('coalesce(t.exponent, 0) as exponent'),
      db.raw('coalesce(t.native, false) as native'),
      db.raw('coalesce(s.supply, 0)::text as supply'),
      db.raw('coalesce(s.minted, 0)::text as minted'),
      db.raw('coalesce(s.burned, 0)::text as burned'),
      db.raw('coalesce(s.mints, 0) as mints'),
      db.raw('coalesce(s.burns, 0) as burns'),
    )
    .from('tokens as t')
    .fullOuterJoin('chain_supply as s', 's.denom', 't.denom');

/** Balances held by the platform's accounts (every organization's), per denom; `organizationId` narrows to one organization. */
function accountHoldings(db: Knex, organizationId?: string): Knex.QueryBuilder {
  const query = db('accounts as a').join('chain_balances as b', 'b.address', 'a.address').groupBy('b.denom').select('b.denom', db.raw('sum(b.amount)::text as amount'));
  if (organizationId) query.where('a.organization_id', organizationId);
  return query;
}

/** The wallets the principal may see, a row per balance (a wallet without any, one row without a denom); `created_at` orders them. */
function walletRows(db: Knex, principal: Principal): Knex.QueryBuilder {
  const query = db('accounts as a')
    .leftJoin('chain_balances as b', 'b.address', 'a.address')
    .where('a.organization_id', principal.organizationId)
    .select('a.id', 'a.label', 'a.type', 'a.address', 'a.archived', 'a.created_at', 'b.denom', db.raw('b.amount::text as amount'));
  return whereAccountVisible(db, query, principal, 'a.id');
}

/** A query's rows as one JSON array, in `order` (a fixed ordering of the columns `r.*`: a subquery's own order does not bind the aggregate). */
const rowsAsJson = (db: Knex, rows: Knex.QueryBuilder, order: string) => db.raw(`(select coalesce(json_agg(r order by ${order}), '[]'::json) from (?) r)`, [rows]);

interface MetricsRow {
  head: { height: string; block_time: string } | null;
  tokens: TokenRow[];
  internal: Array<{ denom: string; amount: string }>;
  wallets: WalletRow[];
  organization: { exchange_address: string | null; exchange_frozen: boolean } | null;
  own: Array<{ denom: string; amount: string }>;
}

/**
 * Every read of the dashboard in one statement, so in one snapshot: externalCirculating pairs a supply
 * with balances, which a projection commit between two reads would tear apart (a repeatable-read
 * transaction of its own cost eight round trips).
 */
async function readMetrics(db: Knex, principal: Principal): Promise<MetricsRow> {
  const [row] = (await db.select(
    db.raw(`(select json_build_object('height', height::text, 'block_time', block_time) from chain_head limit 1) as head`),
    db.raw('? as tokens', [rowsAsJson(db, tokensWithSupply(db), 'r.native desc, r.denom')]),
    db.raw('? as internal', [rowsAsJson(db, accountHoldings(db), 'r.denom')]),
    db.raw('? as wallets', [rowsAsJson(db, walletRows(db, principal), 'r.created_at, r.id, r.denom')]),
    db.raw(`(select json_build_object('exchange_address', exchange_address, 'exchange_frozen', exchange_frozen) from organizations where id = ?) as organization`, [
      principal.organizationId,
    ]),
    principal.organizationType === 'COMMERCIAL'
      ? db.raw('? as own', [rowsAsJson(db, accountHoldings(db, principal.organizationId), 'r.denom')])
      : db.raw(`'[]'::json as own`),
  )) as MetricsRow[];
  return row!;
}

/** The spec's externalCirculating: live supply minus what the platform's accounts hold, floored at 0. */
export const externalCirculating = (liveSupply: bigint, internalBalance: bigint): bigint =>
  liveSupply > internalBalance ? liveSupply - internalBalance : 0n;

/**
 * GET /dashboard/metrics, from the balances read model (a fold of the chain's blocks, so equal to the
 * chain's answer at `asOf.height`) and the account and token registries. Everyone gets live supply
 * per token, the wallets they may see and externalCirculating; the issuer also its mint/burn summary,
 * a participant its total-balance hero, top wallets and exchange-state alerts.
 */
export async function dashboardMetrics(db: Knex, principal: Principal, nativeDenom: string) {
  const { head, tokens, internal, wallets, organization, own } = await readMetrics(db, principal);
  const display = new Map(tokens.map((token) => [token.denom, token]));
  const amountOf = (denom: string, amount: string): TokenAmount => ({
    denom,
    symbol: display.get(denom)?.symbol ?? denom,
    exponent: display.get(denom)?.exponent ?? 0,
    amount,
  });
  const internalByDenom = new Map(internal.map((row) => [row.denom, BigInt(row.amount)]));

  const tokenMetrics = tokens.map((token) => {
    const internalBalance = internalByDenom.get(token.denom) ?? 0n;
    return {
      denom: token.denom,
      symbol: token.symbol,
      exponent: token.exponent,
      native: token.native,
      liveSupply: token.supply,
      internalBalance: internalBalance.toString(),
      externalCirculating: externalCirculating(BigInt(token.supply), internalBalance).toString(),
    };
  });

  const walletMetrics: Array<{ multisigId: string; name: string; type: MultisigType; address: string; archived: boolean; balances: TokenAmount[] }> = [];
  for (const row of wallets) {
    let wallet = walletMetrics[walletMetrics.length - 1];
    if (wallet?.multisigId !== row.id)
      walletMetrics.push((wallet = { multisigId: row.id, name: row.label, type: row.type, address: row.address, archived: row.archived, balances: [] }));
    if (row.denom && row.amount) wallet.balances.push(amountOf(row.denom, row.amount));
  }

  const native = tokenMetrics.find((token) => token.denom === nativeDenom);
  const nativeHeld = (wallet: (typeof walletMetrics)[number]) => BigInt(wallet.balances.find((balance) => balance.denom === nativeDenom)?.amount ?? '0');
  return {
    organizationId: principal.organizationId,
    organizationType: principal.organizationType,
    asOf: head ? { height: Number(head.height), time: new Date(head.block_time).toISOString() } : null,
    tokens: tokenMetrics,
    wallets: walletMetrics,
    externalCirculating: native?.externalCirculating ?? '0',
    issuer:
      principal.organizationType === 'CENTRAL'
        ? {
            mintBurn: tokens.map((token) => ({
              denom: token.denom,
              symbol: token.symbol,
              exponent: token.exponent,
              minted: token.minted,
              burned: token.burned,
              mints: token.mints,
              burns: token.burns,
            })),
          }
        : null,
    participant:
      principal.organizationType === 'COMMERCIAL'
        ? {
            totalBalance: own.map((row) => amountOf(row.denom, row.amount)).sort((a, b) => (a.denom < b.denom ? -1 : 1)),
            topWallets: walletMetrics
              .filter((wallet) => !wallet.archived)
              .sort((a, b) => {
                const [held, other] = [nativeHeld(a), nativeHeld(b)];
                return held === other ? 0 : held > other ? -1 : 1;
              })
              .slice(0, TOP_WALLETS),
            alerts: [
              ...(organization?.exchange_address ? [] : [{ code: 'EXCHANGE_ADDRESS_UNLINKED' as const, message: 'No exchange address is linked: disbursements and redemptions are blocked' }]),
              ...(organization?.exchange_frozen ? [{ code: 'EXCHANGE_FROZEN' as const, message: 'The exchange address is frozen: disbursements and redemptions are blocked' }] : []),
            ],
          }
        : null,
  };
}
