import type { Db } from '../db/index.js';
import { rows, sql } from '../db/sql.js';

/** The development mailbox (table dev_mail), which stands in for SMTP outside production. */

export async function saveDevMail(db: Db, mail: { to: string; subject: string; text: string; html: string | null }) {
  await rows(
    db,
    sql`INSERT INTO dev_mail (to_address, subject, text_body, html_body) VALUES (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html})`,
  );
}

export type DevMailRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Date;
};

/** The newest fifty messages to an address, newest first. */
export const devMailbox = (db: Db, to: string) =>
  rows<DevMailRow>(
    db,
    sql`SELECT id, to_address AS to, subject, text_body AS text, html_body AS html, created_at FROM dev_mail WHERE to_address = ${to} ORDER BY id DESC LIMIT 50`,
  );
