import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

/** One plain-text message from the site. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The site's way out for mail; absent when SMTP_URL is unset (the site then sends none). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends through any nodemailer transport (SMTP in production, the JSON transport in tests). */
export function nodemailerMailer(transport: Transporter, from: string): Mailer {
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** The mailer SMTP_URL names, or undefined without one. */
export function mailerFor(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | undefined {
  if (!config.smtpUrl) return undefined;
  return nodemailerMailer(nodemailer.createTransport(config.smtpUrl), config.mailFrom);
}
