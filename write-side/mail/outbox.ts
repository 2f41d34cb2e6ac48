import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MailMessage, MailPort } from './mail';

export interface OutboxEntry extends MailMessage {
  sentAt: string;
}

/** Keeps every mail in PostgreSQL instead of sending it, so every API process and a test can read it. */
export class OutboxMail implements MailPort {
  readonly transport = 'outbox' as const;

  constructor(private readonly db: Knex) {}

  async send(message: MailMessage): Promise<void> {
    await this.db('mail_outbox').insert({
      id: randomUUID(),
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      link: message.link,
      sent_at: new Date(),
    });
  }

  /** Newest first; `to` compares case-insensitively. */
  async list(to: string | undefined, limit: number): Promise<OutboxEntry[]> {
    const query = this.db('mail_outbox').orderBy([{ column: 'sent_at', order: 'desc' }, { column: 'id' }]).limit(limit);
    if (to) query.whereRaw('lower(recipient) = lower(?)', [to]);
    const rows: { recipient: string; subject: string; text: string; link: string | null; sent_at: Date }[] = await query;
    return rows.map((row) => ({ to: row.recipient, subject: row.subject, text: row.text, link: row.link, sentAt: row.sent_at.toISOString() }));
  }
}
