import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';

export type MailMessage = {
  /** The company the mail is sent for: the local mailbox shows each company only its own mail. */
  companyId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries (also logged in local-mailbox mode, so a developer can follow them). */
  links: string[];
  from: string;
  /** Files sent with the message (a parcel's photo); `content` is read when the mail is built. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; content: Buffer | Readable };

export type StoredMail = Omit<MailMessage, 'from' | 'attachments'> & {
  id: string;
  from: string;
  time: string;
  attachments?: { filename: string; contentType: string }[];
};

export type Mailer = {
  mode: 'smtp' | 'local';
  send: (msg: MailMessage) => Promise<void>;
  /** Local mailbox only: one company's mail, newest first. */
  list: (companyId: string) => Promise<StoredMail[]>;
  close: () => void;
};

type Log = { info: (obj: object, msg: string) => void };

/** What nodemailer sends of a message (its company and links stay ours). */
const envelopeOf = (msg: MailMessage) => ({
  from: msg.from,
  to: msg.to,
  subject: msg.subject,
  text: msg.text,
  html: msg.html,
  ...(msg.attachments ? { attachments: msg.attachments } : {}),
});

/**
 * With SMTP_URL: real delivery through nodemailer's SMTP transport. Without it: nodemailer's JSON transport renders
 * the message and it is kept as a file in DATA_DIR/mailbox, listed at /dev/mailbox(.json).
 */
export function createMailer(opts: { smtpUrl?: string | undefined; dataDir: string; log: Log }): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      send: async (msg) => {
        await transport.sendMail(envelopeOf(msg));
      },
      list: async () => [],
      close: () => transport.close(),
    };
  }
  const dir = join(opts.dataDir, 'mailbox');
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    mode: 'local',
    send: async (msg) => {
      // Render through nodemailer so local mode exercises the same message building as SMTP mode.
      await transport.sendMail(envelopeOf(msg));
      await mkdir(dir, { recursive: true });
      const time = new Date().toISOString();
      const id = `${time.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      // The local mailbox keeps what was attached by name and type, not its bytes.
      const attachments = msg.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType }));
      const stored = { id, time, ...msg, ...(attachments ? { attachments } : {}) };
      await writeFile(join(dir, `${id}.json`), JSON.stringify(stored, null, 2));
      opts.log.info({ to: msg.to, subject: msg.subject, links: msg.links }, 'mail kept in the local mailbox');
    },
    list: async (companyId) => {
      let names: string[];
      try {
        names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
      } catch {
        return [];
      }
      names.sort().reverse();
      const out: StoredMail[] = [];
      for (const name of names) {
        const mail = JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredMail;
        if (mail.companyId !== companyId) continue;
        out.push(mail);
        if (out.length >= 200) break;
      }
      return out;
    },
    close: () => transport.close(),
  };
}
