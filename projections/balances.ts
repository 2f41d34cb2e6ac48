import { fromBase64 } from '@cosmjs/encoding';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin';
import type { Knex } from 'knex';
import type { ChainBlock, ChainEvent } from '../write-side/chain/chain';
import { CHAIN_STREAM, type BlockCommitted, type ChainGenesisRecorded } from '../write-side/chain/embedded-chain';
import { decodeMessage, TypeUrl, type ChainMessage } from '../write-side/chain/messages';
import { OBSERVED_STREAM, type ChainBlockObserved } from '../write-side/chain/observer';
import { positional, type InlineStatement, type InlineWrite, type NewEvent, type RecordedEvent } from '../write-side/event-store/event-store';
import { insertRows, textArray, type Columns } from './column-arrays';
import type { Projection } from './projection';

export interface Movement {
  kind: 'SEND' | 'MINT' | 'BURN';
  from: string | null;
  to: string | null;
  denom: string;
  amount: bigint;
}

const amountOf = (coin: Coin | undefined): Coin => {
  if (!coin) throw new Error('a successful mint or burn always carries its coin');
  return coin;
};

/**
 * What one successfully executed message did, as the embedded chain's state machine executes it: only
 * for the blocks of the first embedded chains, which were recorded without their events (see eventsOf).
 */
export function movementsOf(message: ChainMessage): Movement[] {
  switch (message.typeUrl) {
    case TypeUrl.send:
      return message.value.amount.map((coin) => ({
        kind: 'SEND',
        from: message.value.fromAddress,
        to: message.value.toAddress,
        denom: coin.denom,
        amount: BigInt(coin.amount),
      }));
    case TypeUrl.mint: {
      const coin = amountOf(message.value.amount);
      return [{ kind: 'MINT', from: null, to: message.value.mintToAddress || message.value.sender, denom: coin.denom, amount: BigInt(coin.amount) }];
    }
    case TypeUrl.burn: {
      const coin = amountOf(message.value.amount);
      return [{ kind: 'BURN', from: message.value.burnFromAddress || message.value.sender, to: null, denom: coin.denom, amount: BigInt(coin.amount) }];
    }
    case TypeUrl.submitProposal:
      return message.value.messages.flatMap((packed) => movementsOf(decodeMessage(packed)));
    case TypeUrl.createGroupWithPolicy:
    case TypeUrl.updateGroupMembers:
    case TypeUrl.updateGroupPolicyDecisionPolicy:
    case TypeUrl.createDenom:
    case TypeUrl.changeAdmin:
      return [];
  }
}

/** The messages of a recorded transaction (base64 TxRaw bytes). */
export const messagesOf = (txBase64: string): ChainMessage[] =>
  TxBody.decode(TxRaw.decode(fromBase64(txBase64)).bodyBytes).messages.map(decodeMessage);

const attributes = (values: Record<string, string>) => Object.entries(values).map(([key, value]) => ({ key, value }));

/** Upcasts a movement of a block recorded without events into the events x/bank and the token factory emit. */
function eventsOfMovement(movement: Movement): ChainEvent[] {
  const amount = `${movement.amount}${movement.denom}`;
  if (movement.kind === 'SEND')
    return [
      { type: 'coin_spent', attributes: attributes({ spender: movement.from!, amount }) },
      { type: 'coin_received', attributes: attributes({ receiver: movement.to!, amount }) },
      { type: 'transfer', attributes: attributes({ recipient: movement.to!, sender: movement.from!, amount }) },
    ];
  if (movement.kind === 'MINT')
    return [
      { type: 'coinbase', attributes: attributes({ minter: movement.to!, amount }) },
      { type: 'coin_received', attributes: attributes({ receiver: movement.to!, amount }) },
      { type: 'tf_mint', attributes: attributes({ mint_to_address: movement.to!, amount }) },
    ];
  return [
    { type: 'coin_spent', attributes: attributes({ spender: movement.from!, amount }) },
    { type: 'burn', attributes: attributes({ burner: movement.from!, amount }) },
    { type: 'tf_burn', attributes: attributes({ burn_from_address: movement.from!, amount }) },
  ];
}

/** A recorded embedded block as block results: its own events, or those upcast from its messages. */
function blockResultsOf(block: BlockCommitted): ChainBlock {
  return {
    height: block.height,
    time: block.time,
    txs: block.txs.map((tx) => ({
      hash: tx.hash,
      code: tx.code,
      events: tx.events ?? (tx.code === 0 ? messagesOf(tx.tx).flatMap(movementsOf).flatMap(eventsOfMovement) : []),
    })),
  };
}

const COIN = /^(\d+)([a-zA-Z][a-zA-Z0-9/:._-]*)$/;

/** An SDK coins string ("5ulps,7factory/…/bond"). */
function coinsOf(text: string): Array<{ denom: string; amount: bigint }> {
  return text
    .split(',')
    .filter((part) => part !== '')
    .map((part) => {
      const match = COIN.exec(part.trim());
      if (!match) throw new Error(`balances: cannot read the amount ${JSON.stringify(part)}`);
      return { denom: match[2]!, amount: BigInt(match[1]!) };
    });
}

const attribute = (event: ChainEvent, key: string): string | null => event.attributes.find((candidate) => candidate.key === key)?.value ?? null;

/**
 * What a successful transaction's events say moved: x/bank's coin_spent and coin_received change
 * balances, coinbase and burn change supply (as on any Cosmos SDK chain), and transfer, tf_mint and
 * tf_burn are the movements the activity shows.
 */
function effectsOf(events: ChainEvent[]) {
  const balances: Array<{ address: string; denom: string; amount: bigint }> = [];
  const supply: Array<{ denom: string; amount: bigint }> = [];
  const movements: Movement[] = [];
  for (const event of events) {
    const amount = attribute(event, 'amount');
    if (amount === null) continue;
    for (const coin of coinsOf(amount)) {
      if (event.type === 'coin_spent') balances.push({ address: attribute(event, 'spender')!, denom: coin.denom, amount: -coin.amount });
      else if (event.type === 'coin_received') balances.push({ address: attribute(event, 'receiver')!, denom: coin.denom, amount: coin.amount });
      else if (event.type === 'coinbase') supply.push({ denom: coin.denom, amount: coin.amount });
      else if (event.type === 'burn') supply.push({ denom: coin.denom, amount: -coin.amount });
      else if (event.type === 'transfer')
        movements.push({ kind: 'SEND', from: attribute(event, 'sender'), to: attribute(event, 'recipient'), ...coin });
      else if (event.type === 'tf_mint') movements.push({ kind: 'MINT', from: null, to: attribute(event, 'mint_to_address'), ...coin });
      else if (event.type === 'tf_burn') movements.push({ kind: 'BURN', from: attribute(event, 'burn_from_address'), to: null, ...coin });
    }
  }
  return { balances, supply, movements };
}

interface SupplyChange {
  minted: bigint;
  burned: bigint;
  mints: number;
  burns: number;
}

/** Movements written per statement: a batch of busy blocks is sent in slices. */
const MOVEMENTS_PER_STATEMENT = 50_000;

interface MovementRow {
  height: number;
  tx_index: number;
  movement_index: number;
  direction: 'IN' | 'OUT';
  address: string;
  kind: string;
  counterparty: string | null;
  denom: string;
  amount: string;
  tx_hash: string;
  block_time: string;
}

const MOVEMENT_COLUMNS: Columns<MovementRow> = [
  ['height', 'bigint'],
  ['tx_index', 'integer'],
  ['movement_index', 'integer'],
  ['direction', 'text'],
  ['address', 'text'],
  ['kind', 'text'],
  ['counterparty', 'text'],
  ['denom', 'text'],
  ['amount', 'numeric'],
  ['tx_hash', 'text'],
  ['block_time', 'timestamptz'],
];

/** SQLSTATE of apply_chain_effects refusing a fold that drives a balance below zero (the store reads it as PreconditionFailed). */
const FOLD_REFUSED = 'EM001';

/** Keys of per-address deltas; a NUL never occurs in an address or a denom. */
const balanceKey = (address: string, denom: string) => `${address}\u0000${denom}`;

/**
 * A batch of blocks folded, in order, into its movements, each balance's and supply's change and each
 * chain's head: a few statements however many blocks. The same fold serves the runner's batches and
 * the embedded chain's append of a block, whose statement carries them (balancesInlineWrite).
 */
class BlockEffects {
  private readonly movements: MovementRow[] = [];
  private readonly deltas = new Map<string, bigint>();
  private readonly supply = new Map<string, SupplyChange>();
  private readonly heads = new Map<string, ChainBlock>();

  add(chainId: string, block: ChainBlock): void {
    if ((this.heads.get(chainId)?.height ?? -1) < block.height) this.heads.set(chainId, block);
    const row = (txIndex: number, movementIndex: number, hash: string, direction: 'IN' | 'OUT', address: string, counterparty: string | null, movement: Movement) =>
      this.movements.push({
        height: block.height,
        tx_index: txIndex,
        movement_index: movementIndex,
        direction,
        address,
        kind: movement.kind,
        counterparty,
        denom: movement.denom,
        amount: movement.amount.toString(),
        tx_hash: hash,
        block_time: block.time,
      });
    block.txs.forEach((tx, txIndex) => {
      // A failed transaction changed nothing but its signers' sequences.
      if (tx.code !== 0) return;
      const effects = effectsOf(tx.events);
      for (const change of effects.balances) {
        const key = balanceKey(change.address, change.denom);
        this.deltas.set(key, (this.deltas.get(key) ?? 0n) + change.amount);
      }
      for (const change of effects.supply) {
        const total = this.supply.get(change.denom) ?? { minted: 0n, burned: 0n, mints: 0, burns: 0 };
        if (change.amount > 0n) this.supply.set(change.denom, { ...total, minted: total.minted + change.amount, mints: total.mints + 1 });
        else this.supply.set(change.denom, { ...total, burned: total.burned - change.amount, burns: total.burns + 1 });
      }
      effects.movements.forEach((movement, movementIndex) => {
        if (movement.from !== null) row(txIndex, movementIndex, tx.hash, 'OUT', movement.from, movement.to, movement);
        if (movement.to !== null) row(txIndex, movementIndex, tx.hash, 'IN', movement.to, movement.from, movement);
      });
    });
  }

  /**
   * The statements, joined to `landed` where an append's statement carries them: the movements, in
   * slices so that a batch of busy blocks never becomes one statement too large to send, then the
   * balances and supply shifted (apply_chain_effects, which fails when a balance would fall below zero)
   * and the heads it hands back kept. Observers of a remote chain may record its blocks out of order:
   * a head only moves forward. Nothing when no block was added.
   */
  statements(joinedTo: 'landed' | null = null): InlineStatement[] {
    if (this.heads.size === 0) return [];
    const from = joinedTo === null ? '' : `${joinedTo}, `;
    const statements: InlineStatement[] = [];
    for (let first = 0; first < this.movements.length; first += MOVEMENTS_PER_STATEMENT)
      statements.push(insertRows('chain_movements', MOVEMENT_COLUMNS, this.movements.slice(first, first + MOVEMENTS_PER_STATEMENT), from));
    const balances = [...this.deltas].filter(([, delta]) => delta !== 0n).map(([key, amount]) => {
      const [address, denom] = key.split('\u0000') as [string, string];
      return { address, denom, amount };
    });
    const supply = [...this.supply].map(([denom, change]) => ({ denom, supply: change.minted - change.burned, ...change }));
    const heads = [...this.heads].map(([chainId, block]) => ({ chainId, height: block.height, time: block.time }));
    const arrays = [
      ...(['address', 'denom', 'amount'] as const).map((column) => textArray(balances.map((balance) => balance[column]))),
      ...(['denom', 'supply', 'minted', 'burned', 'mints', 'burns'] as const).map((column) => textArray(supply.map((change) => change[column]))),
      ...(['chainId', 'height', 'time'] as const).map((column) => textArray(heads.map((head) => head[column]))),
    ];
    statements.push({
      sql: `insert into chain_head as head (chain_id, height, block_time)
            select (applied.head).chain_id, (applied.head).height, (applied.head).block_time
              from (select apply_chain_effects(${arrays.map(() => '?::text[]').join(', ')}) as head${joinedTo === null ? '' : ` from ${joinedTo}`}) as applied
            on conflict (chain_id) do update set height = greatest(head.height, excluded.height),
              block_time = case when excluded.height > head.height then excluded.block_time else head.block_time end`,
      values: arrays,
    });
    return statements;
  }
}

/**
 * Balances per address and denom, supply per denom (with the mint and burn totals), every movement of
 * value, and the height they stand at: a pure fold of the chain's block results, whichever chain — the
 * embedded chain's recorded blocks, or a node's blocks as the Chain port observed them (CHAIN=cosmos) —
 * so they equal what the chain answers after every block. It never calls the chain.
 */
export const balancesProjection: Projection = {
  name: 'balances',
  tables: ['chain_head', 'chain_balances', 'chain_supply', 'chain_movements'],
  handles: ['ChainGenesisRecorded', 'BlockCommitted', 'ChainBlockObserved'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void> {
    const effects = new BlockEffects();
    let ownChainId: string | null = null;
    for (const event of events) {
      if (event.type === 'ChainBlockObserved') {
        if (event.streamId === OBSERVED_STREAM) effects.add((event.data as ChainBlockObserved).chainId, event.data as ChainBlockObserved);
        continue;
      }
      // Only the deployment's own chain: a scratch chain on another stream is not its ledger.
      if (event.streamId !== CHAIN_STREAM) continue;
      if (event.type === 'ChainGenesisRecorded') {
        const genesis = event.data as ChainGenesisRecorded;
        // Its first blocks, written with their appends, may have set the head already.
        await trx.raw('insert into chain_head (chain_id, height, block_time) values (?, 0, ?) on conflict (chain_id) do nothing', [genesis.chainId, genesis.genesisTime]);
        ownChainId = genesis.chainId;
        continue;
      }
      ownChainId ??= ((await trx('chain_head').first('chain_id')) as { chain_id: string }).chain_id;
      effects.add(ownChainId, blockResultsOf(event.data as BlockCommitted));
    }
    for (const { sql, values } of effects.statements()) {
      try {
        await trx.raw(sql, values as Knex.RawBinding[]);
      } catch (error) {
        // The fold's own refusal (a balance below zero): its words (knex puts the SQL before them), which
        // name no SQL, tell operators why it stopped.
        const refusal = (error as { code?: string }).code === FOLD_REFUSED ? /balances: \S+ would hold \S+$/.exec((error as Error).message) : null;
        throw refusal ? new Error(refusal[0]) : error;
      }
    }
  },
};

/**
 * The same fold, for the writer of the deployment's chain's blocks to write inside the transaction that
 * appends each: the embedded chain (its BlockCommitted of `chainId`, stream CHAIN_STREAM) or the observer
 * of a node (its ChainBlockObserved, stream OBSERVED_STREAM). A block's balances are read as soon as it
 * is recorded, and the runner, which skips the events so marked, spends no transaction (nine statements)
 * on it. A block whose fold fails (a balance below zero) fails the append with PreconditionFailed: the
 * writer appends it alone, for the runner to apply and stop on, rather than stop itself.
 */
export function balancesInlineWrite(events: NewEvent[], chainId: string, lock: InlineWrite['lock']): InlineWrite {
  const effects = new BlockEffects();
  for (const event of events) {
    if (event.type === 'BlockCommitted') effects.add(chainId, blockResultsOf(event.data as BlockCommitted));
    else if (event.type === 'ChainBlockObserved') effects.add((event.data as ChainBlockObserved).chainId, event.data as ChainBlockObserved);
  }
  return {
    lock,
    statements: effects.statements('landed'),
    write: async (query) => {
      for (const { sql, values } of effects.statements()) await query(positional(sql), values);
    },
  };
}
