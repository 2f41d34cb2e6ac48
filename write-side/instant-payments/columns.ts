/** A column of fixed-width values, as the ledger's clients and the string tables keep them. */
type Column = Int32Array | Uint32Array | Uint8Array | BigInt64Array;

/** The column copied into one of twice its length, the rest zero: columns grow by doubling. */
export function doubled<C extends Column>(column: C): C {
  const larger = new (column.constructor as new (length: number) => C)(column.length * 2);
  (larger as { set(source: C): void }).set(column);
  return larger;
}
