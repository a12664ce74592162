import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import { ensurePrivateDirectory, writePrivateFile } from './private-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage & { fromName: string }): Promise<void>;
}

const fromAddress = 'nao-responda@prumo.app';

/** Default: each message becomes an .eml file under `directory`, openable by any mail program. */
export function createFileMailer(directory: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const sent = await transport.sendMail({
        from: { name: message.fromName, address: fromAddress },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      // A message carries live sign-in and reset tokens: Prumo's user only.
      await ensurePrivateDirectory(directory);
      const fileName = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writePrivateFile(path.join(directory, fileName), sent.message as Buffer);
    },
  };
}

export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: { name: message.fromName, address: fromAddress },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

/** SMTP when SMTP_URL is set; otherwise the .eml outbox in DATA_DIR/mail. */
export function createConfiguredMailer(config: Pick<AppConfig, 'smtpUrl' | 'dataDir'>): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createFileMailer(path.join(config.dataDir, 'mail'));
}
