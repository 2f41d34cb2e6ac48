import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { KeepAlivePool } from './support/keep-alive-client';
import { cpuSeconds } from './support/proc';

/**
 * The HTTP floor of `npm run bench:payments`: what HTTP alone costs on this machine, with the payment
 * requests' shape and concurrency. A bare node:http server (a process of its own, like the service)
 * reads each POST's JSON body and answers 201 with a payment-sized JSON body: no framework, no
 * authentication, no database. No payment service on Node can answer faster than this over HTTP/1.1;
 * the minimal ledger, which pays no HTTP at all, is the database's ceiling, this one the network's.
 *
 * `tsx bench/http-floor.ts serve` runs the server alone and prints its port.
 */
export interface HttpFloorResult {
  requestsPerSecond: number;
  requests: number;
  errors: number;
  /** CPU seconds per request of the server process, and of the client (this process) */
  serverCpuPerRequest: number | null;
  clientCpuPerRequest: number;
}

const PATH = '/api/instant-payments/payments';

function serve(): void {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== PATH) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { recipientAlias: string; amount: string; reference: string };
      const now = new Date().toISOString();
      const answer = JSON.stringify({
        id: randomUUID(),
        kind: 'INTERNAL',
        status: 'COMPLETED',
        amount: body.amount,
        reference: body.reference,
        senderAlias: 'bench-sender',
        recipientAlias: body.recipientAlias,
        senderOrganizationId: randomUUID(),
        recipientOrganizationId: randomUUID(),
        txHash: null,
        failureCode: null,
        createdAt: now,
        settledAt: now,
      });
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) }).end(answer);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(typeof address === 'object' && address ? address.port : '');
  });
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  token: string;
}

export const runHttpFloor = (options: LoadOptions): Promise<HttpFloorResult> => loadServer(['--import', 'tsx', __filename, 'serve'], options);

/**
 * Starts a server process (Node with `args`; it prints its port on its first line), sends it the payment
 * requests of the benchmark at `connections` keep-alive connections for `seconds`, and stops it.
 */
export async function loadServer(args: string[], options: LoadOptions, env: NodeJS.ProcessEnv = process.env): Promise<HttpFloorResult> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', (line) => resolve(Number(line)));
      child.once('exit', (code) => reject(new Error(`the server (${args.join(' ')}) exited with ${code}`)));
    });
    const pool = new KeepAlivePool(`http://127.0.0.1:${port}`, options.connections);
    let requests = 0;
    let errors = 0;
    const serverBefore = cpuSeconds(child.pid!);
    const clientBefore = process.cpuUsage();
    const start = performance.now();
    const deadline = start + options.seconds * 1000;
    await Promise.all(
      Array.from({ length: options.connections }, async (_, loop) => {
        for (let seq = 0; performance.now() < deadline; seq++) {
          const key = `floor-${loop}-${seq}`;
          try {
            const answer = await pool.request({
              method: 'POST',
              path: PATH,
              headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify({ recipientAlias: `bench${seq % 10_000}`, amount: String(1 + (seq % 100)), reference: key }),
            });
            JSON.parse(answer.text);
            if (answer.statusCode === 201) requests += 1;
            else errors += 1;
          } catch {
            errors += 1;
          }
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    const serverAfter = cpuSeconds(child.pid!);
    const client = process.cpuUsage(clientBefore);
    await pool.close();
    return {
      requestsPerSecond: requests / elapsed,
      requests,
      errors,
      serverCpuPerRequest: serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / Math.max(1, requests),
      clientCpuPerRequest: (client.user + client.system) / 1e6 / Math.max(1, requests),
    };
  } finally {
    child.kill('SIGTERM');
  }
}

if (require.main === module && process.argv[2] === 'serve') serve();
