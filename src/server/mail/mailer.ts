import type { Transporter } from 'nodemailer';

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

/**
 * The mailer SMTP_URL names, or undefined without one. nodemailer (430 KB of the server's bundle) is
 * loaded with the first message sent, not at start (decision 040).
 */
export function mailerFor(config: { smtpUrl?: string; mailFrom: string }): Mailer | undefined {
  const { smtpUrl } = config;
  if (!smtpUrl) return undefined;
  let mailer: Promise<Mailer> | undefined;
  return {
    async send(message) {
      mailer ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailerMailer(nodemailer.createTransport(smtpUrl), config.mailFrom),
      );
      await (await mailer).send(message);
    },
  };
}
