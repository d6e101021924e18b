import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/index.js';
import { saveDevMail } from '../stores/mail.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** 'smtp' sends for real; 'dev-mailbox' keeps the message in the database for /dev/mailbox. */
  readonly mode: 'smtp' | 'dev-mailbox';
}

/**
 * Mail always goes through nodemailer. With SMTP_URL it is delivered; without it nodemailer renders the message
 * (its JSON transport) and the server keeps it in the dev_mail table, where a person or a test reads the code.
 */
export function createMailer(db: Db, options: { smtpUrl?: string | undefined; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    mode: 'dev-mailbox',
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const rendered = JSON.parse(String(info.message)) as { subject: string; text: string; html?: string };
      await saveDevMail(db, { to: mail.to.toLowerCase(), subject: rendered.subject, text: rendered.text, html: rendered.html ?? null });
    },
  };
}
