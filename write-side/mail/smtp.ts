import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailPort } from './mail';

export class SmtpMail implements MailPort {
  readonly transport = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }
}
