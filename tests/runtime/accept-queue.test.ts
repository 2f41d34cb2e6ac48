import { acceptQueue, acceptQueueOf } from '../../runtime/accept-queue';
import { unacceptingListener, type UnacceptingListener } from '../support/unaccepting-listener';

const HEADER = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';

/** The accept queue (emisor_http_accept_queue): the service's event loop accepts one connection per turn, the rest wait in the kernel. */
describe('acceptQueueOf (a kernel socket table)', () => {
  const table = [
    HEADER,
    // 127.0.0.1:3000 listening, 0x12 connections waiting to be accepted
    '   0: 0100007F:0BB8 00000000:0000 0A 00000000:00000012 00:00000000 00000000     0        0 101 1 0000000000000000 100 0 0 10 0',
    // 0.0.0.0:5432 listening, none waiting
    '   1: 00000000:1538 00000000:0000 0A 00000000:00000000 00:00000000 00000000   109        0 102 1 0000000000000000 100 0 0 10 0',
    // an established connection to port 3000 with 0x20 bytes unread: not counted
    '   2: 0100007F:0BB8 0100007F:D2F0 01 00000000:00000020 00:00000000 00000000     0        0 103 1 0000000000000000 20 4 30 10 -1',
  ].join('\n');

  it('reads the accept queue of the listening socket on the port, in hex', () => {
    expect(acceptQueueOf(table, 3000)).toBe(18);
    expect(acceptQueueOf(table, 5432)).toBe(0);
  });

  it('is null without a listener on the port, whatever connections it has', () => {
    const withoutListener = table.split('\n').filter((row) => !row.includes(' 101 ')).join('\n');
    expect(acceptQueueOf(withoutListener, 3000)).toBeNull();
    expect(acceptQueueOf(table, 8080)).toBeNull();
    expect(acceptQueueOf(HEADER, 3000)).toBeNull();
  });

  it('reads IPv6 rows, and adds the listeners of both families on one port', () => {
    const ipv6 = [HEADER, '   0: 00000000000000000000000000000000:0BB8 00000000000000000000000000000000:0000 0A 00000000:0000000A 00:00000000 00000000 0 0 104 1 0000000000000000 100 0 0 10 0'].join('\n');
    expect(acceptQueueOf(ipv6, 3000)).toBe(10);
    expect(acceptQueueOf(`${table}\n${ipv6.split('\n')[1]}`, 3000)).toBe(28);
  });
});

describe('acceptQueue (the running kernel)', () => {
  let listener: UnacceptingListener | null = null;
  afterEach(async () => {
    await listener?.stop();
    listener = null;
  });

  it('counts the connections a process whose event loop stands still has not accepted', async () => {
    listener = await unacceptingListener(10_000);
    expect(await acceptQueue(listener.port)).toBe(0);
    await listener.connect(4);
    expect(await acceptQueue(listener.port)).toBe(4);
  });

  it('is null for a port nobody listens on', async () => {
    listener = await unacceptingListener(10_000);
    const port = listener.port;
    await listener.stop();
    listener = null;
    expect(await acceptQueue(port)).toBeNull();
  });
});
