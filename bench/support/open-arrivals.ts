import { sleepUntil } from './clock';

export interface OpenArrivals {
  /** payments per second, evenly spaced */
  rate: number;
  /** when the first payment falls due (a performance.now() instant) */
  begin: number;
  /** no payment falls due at or after this instant */
  deadline: number;
  /** senders are 0 … senders − 1 */
  senders: number;
  /** sends one payment, due at `due`, and settles once it is answered */
  send: (sender: number, seq: number, due: number) => Promise<void>;
}

/**
 * Open arrivals, as payments from many independent phones arrive: payments fall due at `rate`
 * whatever is still in flight, each sent when due by the next sender with no payment in flight (a
 * person waits for their own payment, not for anyone else's). The latency a caller measures from `due`
 * includes any lateness of the sender's own loop. Resolves once every payment sent is answered. Used
 * alike by bench:payments' load generator and by its minimal ledger, so that both meet the same arrivals.
 */
export async function openArrivals({ rate, begin, deadline, senders, send }: OpenArrivals): Promise<void> {
  const inFlight = new Set<number>();
  const payments = new Set<Promise<void>>();
  /**
   * Wakes the schedule when a sender is free again. Not Promise.race over the payments in flight: with
   * every sender waiting (10,000 payments, a service stalled for seconds) each race left a reaction on
   * each of them, and a generator whose service stalled ran out of memory.
   */
  let senderFreed: (() => void) | null = null;
  let nextSender = 0;
  for (let seq = 0; ; seq++) {
    const due = begin + (seq * 1000) / rate;
    if (due >= deadline) break;
    await sleepUntil(due);
    // Every sender waiting for an answer (a server that stopped answering): the next payment waits for one.
    while (inFlight.size >= senders) await new Promise<void>((resolve) => (senderFreed = resolve));
    while (inFlight.has(nextSender)) nextSender = (nextSender + 1) % senders;
    const sender = nextSender;
    nextSender = (nextSender + 1) % senders;
    inFlight.add(sender);
    const payment = send(sender, seq, due).finally(() => {
      inFlight.delete(sender);
      payments.delete(payment);
      senderFreed?.();
      senderFreed = null;
    });
    payments.add(payment);
  }
  await Promise.all(payments);
}
