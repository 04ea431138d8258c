import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { domainMetrics } from '../../lib/metrics.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is written to the outbox first (so none is lost and tests can read it); with an
 * SMTP URL it is then delivered, and the outcome is kept on the row.
 */
export function createMailer(
  db: Db,
  opts: { smtpUrl?: string; from: string; log: (msg: string, err?: unknown) => void },
): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!transport || !row) {
        // Without SMTP_URL the outbox is where mails go: kept there is sent.
        if (row) domainMetrics.mailsSent.inc();
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        domainMetrics.mailsSent.inc();
        await db.update(mailOutbox).set({ deliveredAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        domainMetrics.mailsFailed.inc();
        // Recorded for a retry by hand; the request that sent it still succeeds.
        opts.log('mail delivery failed', err);
        await db
          .update(mailOutbox)
          .set({ error: String(err) })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
