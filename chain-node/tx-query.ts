import type { ChainTx } from '../write-side/chain/chain';

/**
 * CometBFT's event query language as `tx_search` takes it: conditions joined by AND, each
 * `<key> <op> <value>` with op one of = < <= > >= CONTAINS, or `<key> EXISTS`; keys are `tx.hash`,
 * `tx.height` or `<event type>.<attribute key>`; values are 'quoted strings' or numbers.
 */
export interface TxQuery {
  /** Set when the query names one hash: answered from the index, not by a scan. */
  hash?: string;
  matches(tx: ChainTx): boolean;
}

type Operator = '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS' | 'EXISTS';

interface Condition {
  key: string;
  op: Operator;
  value: string;
}

const CONDITION = /^([A-Za-z0-9_.\-/]+)\s*(?:(<=|>=|=|<|>|CONTAINS)\s*(?:'([^']*)'|([0-9.]+))|\s+(EXISTS))$/;

function parseCondition(text: string): Condition {
  const match = CONDITION.exec(text.trim());
  if (!match) throw new Error(`cannot parse the condition ${JSON.stringify(text.trim())}`);
  const [, key, op, quoted, number, exists] = match;
  if (exists) return { key: key!, op: 'EXISTS', value: '' };
  return { key: key!, op: op as Operator, value: quoted ?? number! };
}

function compare(actual: string, op: Operator, expected: string): boolean {
  if (op === 'EXISTS') return true;
  if (op === 'CONTAINS') return actual.includes(expected);
  if (op === '=') return actual === expected;
  const [a, b] = [Number(actual), Number(expected)];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}

function conditionHolds(tx: ChainTx, condition: Condition): boolean {
  if (condition.key === 'tx.hash') return compare(tx.txHash, condition.op, condition.value.toUpperCase());
  if (condition.key === 'tx.height') return compare(String(tx.height), condition.op, condition.value);
  // The attribute key follows the last dot: event types may contain dots (cosmos.group.v1.EventExec).
  const dot = condition.key.lastIndexOf('.');
  if (dot <= 0) return false;
  const [type, attribute] = [condition.key.slice(0, dot), condition.key.slice(dot + 1)];
  return tx.events.some(
    (event) => event.type === type && event.attributes.some(({ key, value }) => key === attribute && compare(value, condition.op, condition.value)),
  );
}

export function parseTxQuery(text: string): TxQuery {
  const conditions = text.split(/\s+AND\s+/).map(parseCondition);
  const byHash = conditions.find((condition) => condition.key === 'tx.hash' && condition.op === '=');
  return {
    hash: byHash?.value.toUpperCase(),
    matches: (tx) => conditions.every((condition) => conditionHolds(tx, condition)),
  };
}
