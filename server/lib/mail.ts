import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/index.js';
import { saveDevMail } from '../stores/mail.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Named in the html as `cid:<cid>` (an inline picture). */
  cid?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** The html with each inline attachment's `cid:` address replaced by the picture itself, for the development mailbox. */
export const inlinedHtml = (html: string, attachments: MailAttachment[] = []) =>
  attachments.reduce(
    (page, a) => (a.cid ? page.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content.toString('base64')}`) : page),
    html,
  );

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
      // The mailbox keeps text and html only: an inline picture (a visitor pass's QR code) goes into the html.
      const html = rendered.html === undefined ? null : inlinedHtml(rendered.html, mail.attachments);
      await saveDevMail(db, { to: mail.to.toLowerCase(), subject: rendered.subject, text: rendered.text, html });
    },
  };
}
