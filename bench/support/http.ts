import { Pool } from 'undici';

export interface ApiAnswer {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A small JSON client of the service's API over a keep-alive connection pool (undici). */
export class Api {
  readonly pool: Pool;

  constructor(readonly origin: string, options: { connections?: number; localAddress?: string } = {}) {
    this.pool = new Pool(origin, { connections: options.connections ?? 32, localAddress: options.localAddress, keepAliveTimeout: 60_000 });
  }

  async call(method: 'GET' | 'POST' | 'PATCH', path: string, options: CallOptions = {}): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await this.pool.request({
      method,
      path: `/api${path}`,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await answer.body.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text for the error message
    }
    return { status: answer.statusCode, body, headers: answer.headers };
  }

  get = (path: string, options?: CallOptions) => this.call('GET', path, options);

  /** A GET outside /api (e.g. /metrics), as text. */
  async getText(path: string): Promise<{ status: number; text: string }> {
    const answer = await this.pool.request({ method: 'GET', path });
    return { status: answer.statusCode, text: await answer.body.text() };
  }
  post = (path: string, body: unknown, options: CallOptions = {}) => this.call('POST', path, { ...options, body });

  /** The answer when its status is `expected`, else an error naming the call and the answer. */
  async expect(expected: number, method: 'GET' | 'POST' | 'PATCH', path: string, options: CallOptions = {}): Promise<any> {
    const answer = await this.call(method, path, options);
    if (answer.status !== expected)
      throw new Error(`${method} /api${path}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body;
  }

  close = () => this.pool.close();
}
