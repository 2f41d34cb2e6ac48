import { machineCpuOf, machineShares, machineSharesText } from '../../bench/support/proc';

/** bench:payments reads how busy the machine was, and how much of its time the hypervisor took, from /proc/stat. */
describe('machineCpuOf (bench/support/proc)', () => {
  it('counts all but idle and I/O wait as busy, steal among it, and leaves out guest time (already in user time)', () => {
    //            user  nice system idle  iowait irq softirq steal guest guest_nice
    const stat = 'cpu  1000 10   300    5000  200    0   90      400   700   0\ncpu0 500 5 150 2500 100 0 45 200 350 0\n';
    expect(machineCpuOf(stat)).toEqual({ busy: 1800, stolen: 400, total: 7000 });
  });

  it('reads a kernel that reports no steal column as none stolen', () => {
    expect(machineCpuOf('cpu 10 0 5 80 5 0 0\n')).toEqual({ busy: 15, stolen: 0, total: 100 });
  });
});

describe('machineShares', () => {
  it('gives the shares of the time between two readings busy and stolen', () => {
    const before = { busy: 1000, stolen: 100, total: 4000 };
    const after = { busy: 1850, stolen: 150, total: 5000 };
    expect(machineShares(before, after)).toEqual({ busy: 0.85, stolen: 0.05 });
  });

  it('is zero, not a division by zero, when no time passed', () => {
    const reading = { busy: 10, stolen: 1, total: 20 };
    expect(machineShares(reading, reading)).toEqual({ busy: 0, stolen: 0 });
  });
});

describe('machineSharesText', () => {
  it('prints the shares as whole per cents of the machine’s time', () => {
    expect(machineSharesText({ busy: 0.834, stolen: 0.021 })).toBe('83 % busy, 2 % stolen by the hypervisor');
  });
});
