import { createKnex } from '../../../runtime/database';
import { pause, ServiceProcess, Workload, type InvariantReport } from './workload';

/**
 * The crash harness (issue 10, deliverable a): one service process on a database of its own runs the
 * workload (support/workload.ts: proposals and votes, mints, burns, INTERNAL and cross-bank payments,
 * all with Idempotency-Keys); at each kill point the harness adds flows, sends everything unanswered,
 * SIGKILLs the whole process group after a seeded random delay and starts it again. After the last
 * kill point it retries every unanswered request until acknowledged and checks every invariant.
 * Everything random comes from the seed, which the report prints so a failure replays.
 */
export interface CrashRunOptions {
  seed: number;
  killPoints: number;
  databaseUrl: string;
  port: number;
  /** Flows added per kill point (a proposal and its vote; a payment; a mint or a burn). */
  flowsPerRound?: number;
  log?: (line: string) => void;
}

export interface CrashRunReport extends InvariantReport {
  seed: number;
  killPoints: number;
  durationMs: number;
}

/** Longest pause before a kill: long enough for requests to land mid-way, or to finish. */
const MAX_KILL_DELAY_MS = 1500;

export async function runCrashHarness(options: CrashRunOptions): Promise<CrashRunReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const service = new ServiceProcess(options.port, ServiceProcess.environment(options.databaseUrl, options.port));
  const route = () => service.base;
  const gone = () => service.exited();
  const db = createKnex(options.databaseUrl, 2);
  try {
    await service.start();
    const workload = await Workload.prepare(options.seed, db, service.base);
    for (let point = 1; point <= options.killPoints; point++) {
      workload.addFlows(options.flowsPerRound ?? 4);
      const delay = Math.floor(workload.next() * MAX_KILL_DELAY_MS);
      const driving = workload.drive(route, gone);
      await pause(delay);
      await service.kill();
      await driving.catch(() => undefined);
      log(`kill point ${point}/${options.killPoints} after ${delay} ms: ${workload.unanswered()} unanswered`);
      await service.start();
    }
    // The last run is not killed: every unanswered request is retried until acknowledged.
    await workload.settle(route, gone);
    const report = await workload.checkInvariants(service.base, options.databaseUrl, () => service.kill());
    return { seed: options.seed, killPoints: options.killPoints, durationMs: Date.now() - started, ...report };
  } finally {
    await service.kill().catch(() => undefined);
    await db.destroy();
  }
}
