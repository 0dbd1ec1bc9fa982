import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the product's e-mails (password resets, for now). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Writes each e-mail as a text file in `dir` (the embedded default's outbox) and prints its
 * links in the server log, so that the flows work on one machine without a mail server.
 */
export function outboxMailer(dir: string, log: (line: string) => void = console.log): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
      const body = `To: ${message.to}\nSubject: ${message.subject}\nContent-Type: text/plain; charset=utf-8\n\n${message.text}\n`;
      await writeFile(join(dir, name), body, 'utf8');
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(
        `Courriel pour ${message.to} écrit dans ${join(dir, name)}${links.length ? ` — lien : ${links.join(' ')}` : ''}`,
      );
    },
  };
}

/** Sends through an SMTP server, e.g. smtps://user:password@smtp.example.ca:465. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
