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
  return { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]) };
}

export const cpuSeconds = (pid: number) => {
  const stat = procStat(pid);
  return stat ? stat.own / CLOCK_TICKS : null;
};

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

/** Busy and total jiffies of all cores since boot (/proc/stat); differences give the machine's utilisation. */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

export function childrenOf(ppid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.ppid === ppid) children.push(Number(entry));
  }
  return children;
}
