import type { Knex } from 'knex';

/**
 * Runtime state that must be shared by every API process, so it lives in PostgreSQL rather than in
 * memory: fixed-window throttling counters, and the mail outbox of MAIL_TRANSPORT=outbox.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table rate_limits (
      key text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (key, window_start)
    );
    create table mail_outbox (
      id text primary key,
      recipient text not null,
      subject text not null,
      text text not null,
      link text,
      sent_at timestamptz not null
    );
    create index mail_outbox_recipient on mail_outbox (lower(recipient), sent_at desc);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table mail_outbox, rate_limits');
}
