import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * MAIL_URL set: SMTP. Unset: every message is written as an RFC 822 .eml file under DATA_DIR/outbox,
 * so a laptop install needs no mail server. Logs name the recipient and subject, never the body.
 */
export function createMailer(config: Pick<Config, 'MAIL_URL' | 'MAIL_FROM' | 'outboxDir'>, log: { info: (o: object, m: string) => void }): Mailer & { close(): void } {
  const smtp: Transporter | null = config.MAIL_URL ? nodemailer.createTransport(config.MAIL_URL) : null;
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const mail = { from: config.MAIL_FROM, ...message };
      if (smtp) {
        const info = await smtp.sendMail(mail);
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return;
      }
      const info = await stream.sendMail(mail);
      await mkdir(config.outboxDir, { recursive: true });
      const file = join(config.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
    close() {
      smtp?.close();
    },
  };
}

export default fp(
  async function mailPlugin(app: FastifyInstance, opts: { config: Config }) {
    const mailer = createMailer(opts.config, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
