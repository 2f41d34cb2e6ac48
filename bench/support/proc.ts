import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** Process and machine counters from /proc (Linux), for CPU per payment, peak memory and load. */
export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

interface ProcStat {
  ppid: number;
  /** user + system time of the process itself, in clock ticks */
  own: number;
  /** user + system time of its waited-for children (exited PostgreSQL backends land in the postmaster's) */
  children: number;
  /** page faults it took that read nothing from disk (a page mapped, zeroed or copied) */
  minorFaults: number;
  /** the same of its waited-for children */
  childrenMinorFaults: number;
}

export function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name may hold spaces and parentheses: fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]), minorFaults: Number(fields[7]), childrenMinorFaults: Number(fields[8]) };
}

export const cpuSeconds = (pid: number) => {
  const stat = procStat(pid);
  return stat ? stat.own / CLOCK_TICKS : null;
};

/**
 * How a process's main thread (its event loop, for Node) was scheduled since it started: seconds on a
 * core, seconds runnable but waiting for one (the kernel's schedstat), and how often it was taken off
 * a core while it could still run (involuntary context switches). Null where /proc does not say.
 */
export interface ThreadSchedule {
  runSeconds: number;
  waitSeconds: number;
  involuntarySwitches: number;
}

export function mainThreadSchedule(pid: number): ThreadSchedule | null {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    const switches = /^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8'));
    if (run === undefined || wait === undefined || !switches) return null;
    return { runSeconds: run / 1e9, waitSeconds: wait / 1e9, involuntarySwitches: Number(switches[1]) };
  } catch {
    return null;
  }
}

/** What a main thread did between two readings over `seconds` of wall time, as a line: shares of the window and switches per second. */
export function scheduleLine(before: ThreadSchedule | null, after: ThreadSchedule | null, seconds: number): string | null {
  if (!before || !after || seconds <= 0) return null;
  const share = (value: number) => `${((value * 100) / seconds).toFixed(0)} %`;
  return (
    `on a core ${share(after.runSeconds - before.runSeconds)} of the window, runnable and waiting for one ${share(after.waitSeconds - before.waitSeconds)}, ` +
    `${((after.involuntarySwitches - before.involuntarySwitches) / seconds).toFixed(0)} involuntary switches/s`
  );
}

/** Peak resident set size (VmHWM) in bytes. */
export function peakRss(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets VmHWM to the current RSS, so the next reading is the peak of what follows; false if refused. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * Jiffies of all cores since boot: busy (neither idle nor waiting for I/O), of which stolen (a virtual
 * machine's time the hypervisor gave to other guests: the host's noise, not this machine's work), and
 * in all. Differences give the machine's utilisation.
 */
export interface MachineCpu {
  busy: number;
  stolen: number;
  total: number;
}

/** The first line of /proc/stat: `cpu user nice system idle iowait irq softirq steal guest guest_nice`. */
export function machineCpuOf(stat: string): MachineCpu {
  const values = stat.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, stolen: values[7] ?? 0, total };
}

export const machineCpu = () => machineCpuOf(readFileSync('/proc/stat', 'utf8'));

/** The shares of the machine's time (0–1 each) busy and, of that, stolen. */
export interface MachineShares {
  busy: number;
  stolen: number;
}

/** The machine between two readings. */
export function machineShares(before: MachineCpu, after: MachineCpu): MachineShares {
  const elapsed = Math.max(1, after.total - before.total);
  return { busy: (after.busy - before.busy) / elapsed, stolen: (after.stolen - before.stolen) / elapsed };
}

/** The shares as the benchmarks print them: `83 % busy, 2 % stolen by the hypervisor`. */
export const machineSharesText = ({ busy, stolen }: MachineShares): string =>
  `${(busy * 100).toFixed(0)} % busy, ${(stolen * 100).toFixed(0)} % stolen by the hypervisor`;

export function childrenOf(ppid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.ppid === ppid) children.push(Number(entry));
  }
  return children;
}

/** Runs a command as a SCHED_BATCH task: its command line under `chrt -b 0`. */
export type BatchScheduler = (command: string, args: readonly string[]) => { command: string; args: string[] };

/**
 * A scheduler that runs commands under SCHED_BATCH, or null where `chrt` (found on the PATH by
 * default) is missing; asked once. A batch task that wakes does not preempt the task on the core: it
 * waits for the scheduler's tick or a free core, while taking its full share of CPU.
 */
export function batchScheduler(chrt = 'chrt'): BatchScheduler | null {
  try {
    execFileSync(chrt, ['-b', '0', 'true'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return (command, args) => ({ command: chrt, args: ['-b', '0', command, ...args] });
}
