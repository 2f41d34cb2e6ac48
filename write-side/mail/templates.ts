import type { Locale, Role } from '../user/events';
import type { MailMessage } from './mail';

/** Mail text in the recipient's language; Spanish is the deployment's region default. */
const ROLE_NAMES: Record<Locale, Record<Role, string>> = {
  es: { administrator: 'administrador', member: 'miembro', auditor: 'auditor' },
  en: { administrator: 'administrator', member: 'member', auditor: 'auditor' },
};

const formatDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'es' ? 'es-HN' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(iso),
  ) + ' UTC';

export function invitationMail(
  locale: Locale,
  to: string,
  details: { organizationName: string; role: Role; link: string; expiresAt: string },
): MailMessage {
  const role = ROLE_NAMES[locale][details.role];
  const expires = formatDate(details.expiresAt, locale);
  const text =
    locale === 'es'
      ? [
          'Hola:',
          '',
          `Ha sido invitado a unirse a ${details.organizationName} en Emisor con el rol de ${role}.`,
          'Para crear su cuenta, abra este enlace:',
          details.link,
          '',
          `El enlace vence el ${expires}. Si no esperaba esta invitación, ignore este mensaje.`,
        ]
      : [
          'Hello,',
          '',
          `You have been invited to join ${details.organizationName} on Emisor as ${role}.`,
          'To create your account, open this link:',
          details.link,
          '',
          `The link expires on ${expires}. If you did not expect this invitation, ignore this message.`,
        ];
  const subject =
    locale === 'es' ? `Invitación a ${details.organizationName} en Emisor` : `Invitation to ${details.organizationName} on Emisor`;
  return { to, subject, text: text.join('\n'), link: details.link };
}

export function passwordResetMail(locale: Locale, to: string, details: { name: string; link: string; minutes: number }): MailMessage {
  const text =
    locale === 'es'
      ? [
          `Hola, ${details.name}:`,
          '',
          'Recibimos una solicitud para restablecer su contraseña de Emisor. Para elegir una nueva, abra este enlace:',
          details.link,
          '',
          `El enlace vale una sola vez y vence en ${details.minutes} minutos. Si no lo solicitó, ignore este mensaje: su contraseña no cambia.`,
        ]
      : [
          `Hello ${details.name},`,
          '',
          'We received a request to reset your Emisor password. To choose a new one, open this link:',
          details.link,
          '',
          `The link works once and expires in ${details.minutes} minutes. If you did not ask for it, ignore this message: your password stays the same.`,
        ];
  const subject = locale === 'es' ? 'Restablecer su contraseña de Emisor' : 'Reset your Emisor password';
  return { to, subject, text: text.join('\n'), link: details.link };
}
