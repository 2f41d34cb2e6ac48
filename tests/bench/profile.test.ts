import { busyStretches, type CpuProfile } from '../../bench/support/profile';

/** A profile whose thread is idle or in one of two functions, sampled every `everyUs` µs in the given order. */
function profileOf(timeline: Array<'idle' | 'answer' | 'write'>, everyUs = 1000): CpuProfile {
  const ids = { idle: 2, answer: 3, write: 4 };
  return {
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [2, 3, 4] },
      { id: 2, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
      { id: 3, callFrame: { functionName: 'emit', url: 'node:events', lineNumber: 470 } },
      { id: 4, callFrame: { functionName: 'writev', url: '', lineNumber: -1 } },
    ],
    samples: timeline.map((what) => ids[what]),
    timeDeltas: timeline.map(() => everyUs),
  };
}

describe('bench: how long the event loop stays busy at a stretch (busyStretches)', () => {
  it('measures each run of busy samples until the next idle one, and names where the long ones went', () => {
    // 10 ms idle, 4 ms busy, 10 ms idle, 30 ms busy (20 answering, 10 writing), then idle: 34 of the 60 ms between the first and last samples busy.
    const timeline = [
      ...Array(10).fill('idle'),
      ...Array(4).fill('answer'),
      ...Array(10).fill('idle'),
      ...Array(20).fill('answer'),
      ...Array(10).fill('write'),
      ...Array(7).fill('idle'),
    ];
    const [summary, places] = busyStretches(profileOf(timeline), '/service');
    expect(summary).toBe('busy 57 % of 0.1 s in 2 stretches: p50 30.0 ms, p99 30.0 ms, longest 30.0 ms; 1 over 25 ms (50.0 % of the window)');
    expect(places).toBe('  their samples by place: node internals 67 %, (native) writev 33 %');
  });

  it('names no places when no stretch is over 25 ms', () => {
    const lines = busyStretches(profileOf(['idle', 'answer', 'answer', 'idle', 'write', 'idle']), '/service');
    expect(lines).toEqual(['busy 60 % of 0.0 s in 2 stretches: p50 2.0 ms, p99 2.0 ms, longest 2.0 ms; 0 over 25 ms (0.0 % of the window)']);
  });

  it('says so when the profile has no timeline of samples', () => {
    expect(busyStretches({ nodes: [] }, '/service')).toEqual(['no sample timeline in the profile']);
  });
});
