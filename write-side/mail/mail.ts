import type { Knex } from 'knex';
import type { DomainSettings, WriteSidePorts } from '../ports';
import { OutboxMail } from './outbox';
import { SmtpMail } from './smtp';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the mail is about (it carries the token); the outbox lists it for development and tests. */
  link: string | null;
}

/** Where mail goes: the outbox table (default, listed by GET /api/dev/outbox) or an SMTP server. */
export interface MailPort {
  readonly transport: MailSettings['MAIL_TRANSPORT'];
  send(message: MailMessage): Promise<void>;
}

/** How mail leaves: the runtime's configuration provides these. */
export interface MailSettings {
  MAIL_TRANSPORT: 'outbox' | 'smtp';
  /** Required with MAIL_TRANSPORT=smtp. */
  SMTP_URL?: string;
  MAIL_FROM: string;
}

export function createMailPort(config: MailSettings, db: Knex): MailPort {
  return config.MAIL_TRANSPORT === 'smtp' ? new SmtpMail(config.SMTP_URL!, config.MAIL_FROM) : new OutboxMail(db);
}

/** The portal the links in mails point to. */
export const portalUrl = (config: Pick<DomainSettings, 'PORTAL_URL' | 'PUBLIC_URL' | 'PORT'>) =>
  (config.PORTAL_URL ?? config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/$/, '');

/**
 * Sends and never fails the caller: the invitation or reset is already recorded, and resending (or
 * asking again) is how a lost mail is recovered. The failure is logged.
 */
export async function sendMail(services: Pick<WriteSidePorts, 'mail' | 'logger'>, message: MailMessage): Promise<void> {
  try {
    await services.mail.send(message);
  } catch (error) {
    services.logger.error({ err: error, subject: message.subject }, 'mail could not be sent');
  }
}
