import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const REDACTED = '[redacted]';

/** Structured JSON logs; secrets and tokens are redacted wherever they appear. `destination` is for tests. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
        '*.clientToken',
        '*.privateKey',
        '*.jwtSecret',
        '*.keyEncryptionKey',
      ],
      censor: REDACTED,
    },
    serializers: {
      // pg hangs the whole Client (connection, queues, type parsers: ~10 KB) on a pool's errors.
      err: (error: Error) => {
        const { client: _client, ...serialized } = pino.stdSerializers.err(error);
        return serialized;
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Paths whose segment after the prefix is a bearer secret (invitation links). */
const TOKEN_PATH = /(\/invitations\/validate\/)[^/?#]*/gi;
/** Query parameters that carry secrets, whatever the route (portal links such as /reset-password?token=…). */
const SECRET_PARAMETER = /token|secret|password|passwd|key|code|signature|jwt|session/i;
/** What the service's secrets look like anywhere in a URL: `<id>.<32 random bytes>` links and JWTs. */
const SECRET_SHAPES = [/[0-9a-f-]{36}(\.|%2e)[A-Za-z0-9_-]{43}/gi, /eyJ[A-Za-z0-9_-]+(\.|%2e)[A-Za-z0-9_-]+(\.|%2e)[A-Za-z0-9_-]*/gi];

const scrubShapes = (text: string) => SECRET_SHAPES.reduce((scrubbed, shape) => scrubbed.replace(shape, REDACTED), text);

/**
 * A request URL fit for a log: token-bearing path segments and secret query values replaced, and
 * anything shaped like one of the service's tokens replaced wherever it sits.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(TOKEN_PATH, `$1${REDACTED}`);
  if (queryAt < 0) return scrubShapes(path);
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; its value is still checked below.
      }
      return SECRET_PARAMETER.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return scrubShapes(`${path}?${query}`);
}
