import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A V8 CPU profile (.cpuprofile), as the inspector's Profiler.stop returns it. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }>;
  /** The node sampled at each tick, and the µs since the tick before. */
  samples?: number[];
  timeDeltas?: number[];
}

/** A .cpuprofile file, read once for all its summaries (a minute's profile is tens of megabytes of JSON). */
export const readProfile = (file: string): CpuProfile => JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

/** Busy stretches longer than this (half the 50 ms an answer may take) are broken down by place. */
const LONG_STRETCH_MS = 25;

/** Where a function lives: a package, a folder of the service, Node itself, or V8 (GC, program, native code). */
function placeOf(functionName: string, url: string, serviceDir: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  if (url.startsWith('node:')) return 'node internals';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const inService = relative(serviceDir, path);
  return inService.startsWith('..') ? path : inService.split('/').slice(0, -1).join('/') || inService;
}

/**
 * The hottest functions and places by self time, in per cent of the busy samples (idle left out), as
 * text lines: what the service's CPU went to during the measured window.
 */
export function summarizeProfile(profile: CpuProfile, serviceDir: string, top = 15): string[] {
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const located = (callFrame: CpuProfile['nodes'][number]['callFrame']) =>
    callFrame.url
      ? `${callFrame.functionName || '(anonymous)'} ${callFrame.url.startsWith('file://') ? relative(serviceDir, fileURLToPath(callFrame.url)) : callFrame.url}:${callFrame.lineNumber + 1}`
      : callFrame.functionName;
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0 || node.callFrame.functionName === '(idle)') continue;
    total += hits;
    const { functionName, url } = node.callFrame;
    // Native code (a crypto binding, a socket write) is named after its caller, which says what it is for.
    const caller = byId.get(parentOf.get(node.id) ?? -1);
    const name = url || functionName.startsWith('(') || !caller ? located(node.callFrame) : `${functionName} ← ${located(caller.callFrame)}`;
    functions.set(name, (functions.get(name) ?? 0) + hits);
    const place = placeOf(functionName, url, serviceDir);
    places.set(place, (places.get(place) ?? 0) + hits);
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, hits]) => `${((hits * 100) / total).toFixed(1).padStart(5)} %  ${name}`);
  return [`${total} busy samples; self time by place:`, ...ranked(places).map((line) => `  ${line}`), 'self time by function:', ...ranked(functions).map((line) => `  ${line}`)];
}

/**
 * How long the profiled thread stayed busy at a stretch (consecutive samples not idle): a request that
 * arrives during a stretch is not read before it ends, however little the stretch's own work has to do
 * with it. As text lines: the busy share of the window, the stretches' p50, p99 and longest, and where
 * the samples of the stretches over LONG_STRETCH_MS went, by place.
 */
export function busyStretches(profile: CpuProfile, serviceDir: string, top = 6): string[] {
  const { samples, timeDeltas } = profile;
  if (!samples || !timeDeltas || samples.length === 0) return ['no sample timeline in the profile'];
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const stretches: Array<{ from: number; to: number; nodes: number[] }> = [];
  let at = 0;
  let current: { from: number; to: number; nodes: number[] } | null = null;
  // As in DevTools, a sample stands for the time until the next one.
  samples.forEach((id, index) => {
    at += timeDeltas[index]!;
    if (current) current.to = at;
    if (byId.get(id)?.callFrame.functionName === '(idle)') {
      if (current) stretches.push(current);
      current = null;
      return;
    }
    current ??= { from: at, to: at, nodes: [] };
    current.nodes.push(id);
  });
  if (current) stretches.push(current);
  const window = at - timeDeltas[0]!;
  const lengths = stretches.map((stretch) => (stretch.to - stretch.from) / 1000).sort((a, b) => a - b);
  const busy = lengths.reduce((sum, length) => sum + length, 0);
  const long = stretches.filter((stretch) => (stretch.to - stretch.from) / 1000 > LONG_STRETCH_MS);
  const places = new Map<string, number>();
  for (const stretch of long)
    for (const id of stretch.nodes) {
      const { functionName, url } = byId.get(id)!.callFrame;
      const place = placeOf(functionName, url, serviceDir);
      places.set(place, (places.get(place) ?? 0) + 1);
    }
  const inLong = long.reduce((sum, stretch) => sum + stretch.nodes.length, 0);
  const quantile = (q: number) => lengths[Math.min(lengths.length - 1, Math.floor(lengths.length * q))]!.toFixed(1);
  return [
    `busy ${((busy * 100_000) / window).toFixed(0)} % of ${(window / 1e6).toFixed(1)} s in ${lengths.length} stretches: p50 ${quantile(0.5)} ms, p99 ${quantile(0.99)} ms, longest ${lengths.at(-1)!.toFixed(1)} ms; ${long.length} over ${LONG_STRETCH_MS} ms (${((long.reduce((sum, stretch) => sum + stretch.to - stretch.from, 0) * 100) / window).toFixed(1)} % of the window)`,
    ...(inLong > 0
      ? [`  their samples by place: ${[...places].sort((a, b) => b[1] - a[1]).slice(0, top).map(([place, hits]) => `${place} ${((hits * 100) / inLong).toFixed(0)} %`).join(', ')}`]
      : []),
  ];
}

/** Runs `phase` with this process's CPU profiled into `file` (a .cpuprofile), for summarizeProfile. */
export async function profiled<T>(file: string, phase: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    return await phase();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: CpuProfile };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
