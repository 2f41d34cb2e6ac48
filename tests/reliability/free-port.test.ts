import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '../../runtime/embedded-postgres';

/** The first port the kernel hands to outgoing connections (Linux's setting; IANA's dynamic range elsewhere). */
const outgoingFrom = existsSync('/proc/sys/net/ipv4/ip_local_port_range')
  ? Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0])
  : 49152;

describe('a free port for a server started a moment later (freePort)', () => {
  it('lies below the ports outgoing connections take, so that none of them takes it meanwhile', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(outgoingFrom);
    }
  });

  it('is never the same twice in one process, though each was free when chosen', async () => {
    const ports: number[] = [];
    for (let n = 0; n < 200; n++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(200);
  });

  it('is one a server can listen on', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
