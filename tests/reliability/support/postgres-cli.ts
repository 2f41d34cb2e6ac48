import { startEmbeddedPostgres } from '../../../runtime/embedded-postgres';

/**
 * An embedded PostgreSQL in a process of its own, for tests that stop and start the database under a
 * running service (jest cannot load the ESM-only package itself). Prints `ready <url>` once it
 * accepts connections; SIGTERM stops the cluster and exits.
 *   tsx tests/reliability/support/postgres-cli.ts <dataDir> <port>
 */
async function main(): Promise<void> {
  const [dataDir, port] = process.argv.slice(2);
  if (!dataDir || !port) throw new Error('usage: postgres-cli <dataDir> <port>');
  const running = await startEmbeddedPostgres({ dataDir, port: Number(port) });
  let stopping = false;
  process.on('SIGTERM', () => {
    if (stopping) return;
    stopping = true;
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  process.stdout.write(`ready ${running.url}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
