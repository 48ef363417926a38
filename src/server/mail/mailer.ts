import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
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
  /** What was attached, by name, type and size; the bytes are served at /dev/mailbox/:id/attachments/:index. */
  attachments?: { filename: string; contentType: string; size: number }[];
};

export type Mailer = {
  mode: 'smtp' | 'local';
  send: (msg: MailMessage) => Promise<void>;
  /** Local mailbox only: one company's mail, newest first. */
  list: (companyId: string) => Promise<StoredMail[]>;
  /** Local mailbox only: the bytes of one attachment of one of the company's mails, or null. */
  attachment: (
    companyId: string,
    mailId: string,
    index: number,
  ) => Promise<{ filename: string; contentType: string; content: Buffer } | null>;
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

async function bytesOf(content: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

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
      attachment: async () => null,
      close: () => transport.close(),
    };
  }
  const dir = join(opts.dataDir, 'mailbox');
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    mode: 'local',
    send: async (msg) => {
      // A stream can be read once: read each attachment into memory first, so the message and the kept copy agree.
      const files = msg.attachments
        ? await Promise.all(msg.attachments.map(async (a) => ({ ...a, content: await bytesOf(a.content) })))
        : undefined;
      // Render through nodemailer so local mode exercises the same message building as SMTP mode.
      // nodemailer rewrites the attachment objects it is given (their content becomes base64): give it copies.
      const copies = files?.map((a) => ({ ...a }));
      await transport.sendMail(envelopeOf({ ...msg, ...(copies ? { attachments: copies } : {}) }));
      await mkdir(dir, { recursive: true });
      const time = new Date().toISOString();
      const id = `${time.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      // The attachments are kept beside the message, so a developer (and the journeys) can open the PDF that was sent.
      await Promise.all((files ?? []).map((a, i) => writeFile(join(dir, `${id}.${i}.bin`), a.content)));
      const attachments = files?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.length,
      }));
      const stored = { id, time, ...msg, ...(attachments ? { attachments } : {}) };
      // Written aside and renamed: a reader listing the mailbox never sees half a message.
      await writeFile(join(dir, `${id}.json.part`), JSON.stringify(stored, null, 2));
      await rename(join(dir, `${id}.json.part`), join(dir, `${id}.json`));
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
    attachment: async (companyId, mailId, index) => {
      // The id names files in the mailbox folder: only the shape the mailer itself writes is accepted.
      if (!/^[0-9TZ-]+-[0-9a-f]{8}$/.test(mailId) || !Number.isInteger(index) || index < 0) return null;
      let mail: StoredMail;
      try {
        mail = JSON.parse(await readFile(join(dir, `${mailId}.json`), 'utf8')) as StoredMail;
      } catch {
        return null;
      }
      const meta = mail.companyId === companyId ? mail.attachments?.[index] : undefined;
      if (!meta) return null;
      try {
        return { ...meta, content: await readFile(join(dir, `${mailId}.${index}.bin`)) };
      } catch {
        return null;
      }
    },
    close: () => transport.close(),
  };
}
