import { connect, type Socket } from 'node:net';

/**
 * The load generators' HTTP/1.1 client: keep-alive connections, one request in flight on each, each
 * request written in one piece and each answer read as its status and body text, nothing more. It
 * stands for the scheme's phones, which are not on the service's machine; here they share its two
 * cores, so what the client spends is taken from the service and PostgreSQL. Against a bare node:http
 * server at 64 connections (four runs each) undici spent 0.045–0.052 ms of CPU per request, this
 * client 0.021–0.028 ms.
 */
export interface KeepAliveRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface KeepAliveAnswer {
  statusCode: number;
  text: string;
}

/** A transport failure, named like Node's socket errors (ECONNRESET, …) so that the generator can count it. */
export class TransportError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

interface Pending {
  request: KeepAliveRequest;
  resolve: (answer: KeepAliveAnswer) => void;
  reject: (error: Error) => void;
}

/** One answer's framing once its head is read: its status, and how its body ends. */
interface Head {
  statusCode: number;
  bodyStart: number;
  contentLength: number | null;
  chunked: boolean;
  close: boolean;
}

function parseHead(buffer: Buffer, end: number): Head {
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const statusCode = Number(lines[0]!.slice(9, 12));
  if (!/^HTTP\/1\.[01] \d{3}/.test(lines[0]!)) throw new TransportError('HPE_INVALID_STATUS', `not an HTTP/1.1 status line: ${lines[0]!.slice(0, 80)}`);
  let contentLength: number | null = null;
  let chunked = false;
  let close = lines[0]!.startsWith('HTTP/1.0');
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim().toLowerCase();
    if (name === 'content-length') contentLength = Number(value);
    else if (name === 'transfer-encoding') chunked = value.includes('chunked');
    else if (name === 'connection') close = value.includes('close');
  }
  // No body by definition (RFC 9110 §6.4.1), whatever the head says.
  if (statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode < 200)) contentLength = 0;
  return { statusCode, bodyStart: end + HEAD_END.length, contentLength, chunked, close };
}

/** A chunked body's text and where it ends, or null while it is incomplete. */
function dechunk(buffer: Buffer, start: number): { text: string; end: number } | null {
  const pieces: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, at);
    if (lineEnd === -1) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new TransportError('HPE_INVALID_CHUNK_SIZE', 'a chunk without a size');
    if (size === 0) {
      // No trailers are sent by the service: the last chunk's line, then the empty line.
      if (buffer.length < lineEnd + 4) return null;
      return { text: Buffer.concat(pieces).toString('utf8'), end: lineEnd + 4 };
    }
    if (buffer.length < lineEnd + 2 + size + 2) return null;
    pieces.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

class Connection {
  private readonly socket: Socket;
  private received: Buffer | null = null;
  private head: Head | null = null;
  private inFlight: Pending | null = null;
  /** answers read on this connection: a reused one that the server closed while idle may fail a request unanswered */
  answers = 0;
  private gone = false;

  constructor(
    port: number,
    host: string,
    private readonly onIdle: (connection: Connection) => void,
    private readonly onGone: (connection: Connection, unanswered: Pending | null, error: Error) => void,
  ) {
    this.socket = connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (data: Buffer) => this.read(data));
    this.socket.on('error', (error: Error & { code?: string }) => this.fail(new TransportError(error.code ?? 'ECONNRESET', error.message)));
    this.socket.on('close', () => this.fail(new TransportError('UND_ERR_SOCKET', 'the server closed the connection')));
  }

  send(pending: Pending, hostHeader: string): void {
    this.inFlight = pending;
    const { method, path, headers = {}, body } = pending.request;
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${hostHeader}\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    head += body === undefined ? '\r\n' : `content-length: ${Buffer.byteLength(body)}\r\n\r\n`;
    this.socket.write(body === undefined ? head : head + body);
  }

  close(): void {
    this.socket.destroy();
  }

  private read(data: Buffer): void {
    if (this.inFlight === null) return this.fail(new TransportError('HPE_UNEXPECTED_DATA', 'bytes with no request in flight'));
    this.received = this.received === null ? data : Buffer.concat([this.received, data]);
    try {
      if (this.head === null) {
        const end = this.received.indexOf(HEAD_END);
        if (end === -1) return;
        this.head = parseHead(this.received, end);
      }
      const { statusCode, bodyStart, contentLength, chunked, close } = this.head;
      let text: string;
      let end: number;
      if (chunked) {
        const body = dechunk(this.received, bodyStart);
        if (body === null) return;
        ({ text, end } = body);
      } else if (contentLength !== null) {
        end = bodyStart + contentLength;
        if (this.received.length < end) return;
        text = this.received.toString('utf8', bodyStart, end);
      } else {
        throw new TransportError('HPE_UNEXPECTED_CONTENT_LENGTH', 'an answer without a length on a kept-alive connection');
      }
      if (this.received.length > end) throw new TransportError('HPE_UNEXPECTED_DATA', 'bytes after the answer, with no request in flight');
      this.received = null;
      this.head = null;
      this.answers += 1;
      const pending = this.inFlight!;
      this.inFlight = null;
      pending.resolve({ statusCode, text });
      if (close) this.fail(new TransportError('UND_ERR_SOCKET', 'the server closed the connection after its answer'));
      else this.onIdle(this);
    } catch (error) {
      this.fail(error as Error);
    }
  }

  /** The connection is gone (an error, the server closing it, or an answer it could not read): once. */
  private fail(error: Error): void {
    if (this.gone) return;
    this.gone = true;
    const unanswered = this.inFlight;
    this.inFlight = null;
    this.close();
    this.onGone(this, unanswered, error);
  }
}

/** Up to `connections` keep-alive connections to `origin`; requests beyond them wait their turn, first come first served. */
export class KeepAlivePool {
  private readonly port: number;
  private readonly host: string;
  private readonly hostHeader: string;
  private readonly idle: Connection[] = [];
  private readonly open = new Set<Connection>();
  private readonly waiting: Pending[] = [];
  private closing = false;
  private openedSoFar = 0;

  constructor(
    origin: string,
    /** at most this many open at once */
    readonly connections: number,
  ) {
    const url = new URL(origin);
    if (url.protocol !== 'http:') throw new Error(`only http: origins are load-tested, not ${url.protocol}`);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    this.hostHeader = url.host;
  }

  /** Connections this pool has opened so far (a connection the server closed and that was opened again counts twice). */
  get opened(): number {
    return this.openedSoFar;
  }

  request(request: KeepAliveRequest): Promise<KeepAliveAnswer> {
    if (this.closing) return Promise.reject(new TransportError('UND_ERR_CLOSED', 'the pool is closed'));
    return new Promise((resolve, reject) => this.dispatch({ request, resolve, reject }));
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new TransportError('UND_ERR_CLOSED', 'the pool is closed'));
    for (const connection of [...this.open]) connection.close();
  }

  private dispatch(pending: Pending): void {
    const connection = this.idle.pop() ?? (this.open.size < this.connections ? this.connect() : null);
    if (connection) connection.send(pending, this.hostHeader);
    else this.waiting.push(pending);
  }

  private connect(): Connection {
    const connection = new Connection(
      this.port,
      this.host,
      (idle) => {
        const next = this.waiting.shift();
        if (next) idle.send(next, this.hostHeader);
        else this.idle.push(idle);
      },
      (gone, unanswered, error) => this.dropped(gone, unanswered, error),
    );
    this.open.add(connection);
    this.openedSoFar += 1;
    return connection;
  }

  /**
   * A connection gone. A GET sent on a reused connection that the server had closed while it was idle
   * is sent again on another (undici does the same for idempotent requests); a POST is not: whether it
   * was received is unknown, and the generator counts it as a transport error.
   */
  private dropped(connection: Connection, unanswered: Pending | null, error: Error): void {
    this.open.delete(connection);
    const idleAt = this.idle.indexOf(connection);
    if (idleAt !== -1) this.idle.splice(idleAt, 1);
    if (unanswered) {
      if (!this.closing && unanswered.request.method === 'GET' && connection.answers > 0) this.dispatch(unanswered);
      else unanswered.reject(this.closing ? new TransportError('UND_ERR_CLOSED', 'the pool is closed') : error);
    }
    // A slot freed: a request waiting for one gets a new connection.
    const next = this.closing ? undefined : this.waiting.shift();
    if (next) this.dispatch(next);
  }
}
