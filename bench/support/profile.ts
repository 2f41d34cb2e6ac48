import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A V8 CPU profile (.cpuprofile), as the inspector's Profiler.stop returns it. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }>;
}

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
export function summarizeProfile(file: string, serviceDir: string, top = 15): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
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
