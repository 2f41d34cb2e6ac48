import type { Knex } from 'knex';
import { notFound } from '../write-side/errors';

interface TokenRow {
  id: string;
  denom: string;
  symbol: string;
  name: string;
  exponent: number;
  native: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A registry token; the native token shows a Native status. */
export const tokenView = (row: TokenRow) => ({
  id: row.id,
  denom: row.denom,
  symbol: row.symbol,
  name: row.name,
  exponent: row.exponent,
  decimals: row.exponent,
  native: row.native,
  status: row.native ? ('Native' as const) : ('Active' as const),
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export type TokenView = ReturnType<typeof tokenView>;

export async function listTokens(db: Knex): Promise<TokenView[]> {
  const rows: TokenRow[] = await db('tokens').orderBy([{ column: 'native', order: 'desc' }, { column: 'symbol' }, { column: 'id' }]);
  return rows.map(tokenView);
}

export async function findToken(db: Knex, id: string): Promise<TokenView> {
  const row: TokenRow | undefined = await db('tokens').where({ id }).first();
  if (!row) throw notFound('Token');
  return tokenView(row);
}

export async function findTokenByDenom(db: Knex, denom: string): Promise<TokenView | null> {
  const row: TokenRow | undefined = await db('tokens').where({ denom }).first();
  return row ? tokenView(row) : null;
}

/** denom → { symbol, exponent } for balance answers; unknown denoms show the denom itself and exponent 0. */
export async function tokenDisplay(db: Knex): Promise<(denom: string) => { symbol: string; exponent: number }> {
  const rows: TokenRow[] = await db('tokens');
  const byDenom = new Map(rows.map((row) => [row.denom, row]));
  return (denom) => {
    const row = byDenom.get(denom);
    return row ? { symbol: row.symbol, exponent: row.exponent } : { symbol: denom, exponent: 0 };
  };
}
