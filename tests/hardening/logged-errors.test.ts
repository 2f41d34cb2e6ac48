import { createLogger } from '../../runtime/logger';

/** An error is logged with what says what went wrong, not with the objects a library hung on it. */
describe('errors in the log', () => {
  const logged = (error: Error) => {
    const lines: string[] = [];
    createLogger('info', { write: (line: string) => void lines.push(line) }).warn({ err: error }, 'idle PostgreSQL connection lost');
    return JSON.parse(lines[0]!) as { err: Record<string, unknown> };
  };

  it('keeps the type, message, stack and code of a pool error, without the pg client attached to it', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      client: { connectionParameters: { host: '127.0.0.1', port: 5432 }, _queryQueue: [], _types: { builtins: { INT8: 20 } } },
    });
    const { err } = logged(error);
    expect(err).toMatchObject({ type: 'Error', message: 'terminating connection due to administrator command', code: '57P01', severity: 'FATAL' });
    expect(err.stack).toEqual(expect.stringContaining('terminating connection due to administrator command'));
    expect(err).not.toHaveProperty('client');
  });

  it('keeps the cause of an error', () => {
    const { err } = logged(new Error('append failed', { cause: new Error('connection refused') }));
    expect(err.message).toBe('append failed: connection refused');
  });
});
