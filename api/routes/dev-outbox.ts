import { AppError } from '../../write-side/errors';
import { OutboxMail } from '../../write-side/mail/outbox';
import { Email } from './schemas';
import { z } from '../openapi';
import { defineRoute, PUBLIC } from '../route';

const OUTBOX_LIMIT = 100;

const OutboxEntry = z
  .object({ to: z.string(), subject: z.string(), text: z.string(), link: z.string().nullable(), sentAt: z.string() })
  .openapi('OutboxEntry');

export const devOutboxRoutes = [
  defineRoute({
    method: 'get',
    path: '/dev/outbox',
    summary: 'Mail kept by MAIL_TRANSPORT=outbox, newest first (development only: absent under any other transport and in production)',
    tags: ['Development'],
    access: PUBLIC,
    query: z.object({ to: Email.optional() }),
    responses: { 200: { description: `The newest ${OUTBOX_LIMIT} mails`, schema: z.object({ items: z.array(OutboxEntry) }).openapi('Outbox') } },
    handler: async ({ services, query, req }) => {
      // Anyone who reads the outbox can reset any password: it exists only for development, and under
      // any other transport, or in production, the route must look like it does not exist.
      if (!(services.mail instanceof OutboxMail) || services.config.NODE_ENV === 'production') throw new AppError(404, 'NOT_FOUND', 'Not found', `No route GET ${req.baseUrl}${req.path}`);
      return { status: 200, body: { items: await services.mail.list(query.to, OUTBOX_LIMIT) } };
    },
  }),
];
