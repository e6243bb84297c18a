import nodemailer from 'nodemailer';
import type { Mailer } from '#server/mail/mailer.ts';

/** A sent mail as nodemailer's JSON transport renders it. */
export interface SentMail {
  from: { address: string; name: string };
  to: { address: string; name: string }[];
  subject: string;
  text: string;
}

/**
 * A mailer on nodemailer's own JSON transport: each message is built as for SMTP (addresses parsed,
 * headers made) and kept here instead of leaving the process. `next()` waits for the next mail.
 */
export function captureMailer(from = 'Dynasty Forge <no-reply@localhost>') {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const sent: SentMail[] = [];
  const waiting: ((m: SentMail) => void)[] = [];
  const mailer: Mailer & { sent: SentMail[]; next(): Promise<SentMail> } = {
    sent,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const mail = JSON.parse(String(info.message)) as SentMail;
      sent.push(mail);
      waiting.shift()?.(mail);
    },
    next: () => new Promise<SentMail>((resolve) => waiting.push(resolve)),
  };
  return mailer;
}
