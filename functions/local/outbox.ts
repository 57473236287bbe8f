import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Mailer, OutgoingMail } from '../shared/ports';

/**
 * The twin's e-mail: nothing leaves the machine. Each message is printed to the console and kept, newest
 * first, for `GET /local/outbox` (and the browser tests that sign in through it).
 */
export interface OutboxEntry extends OutgoingMail {
  sentAt: string;
}

const MAX_KEPT = 100;

export class LocalOutbox implements Mailer {
  private entries: OutboxEntry[] = [];

  constructor(private readonly options: { path?: string; print?: (line: string) => void }) {
    if (options.path && existsSync(options.path)) {
      this.entries = JSON.parse(readFileSync(options.path, 'utf8')) as OutboxEntry[];
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const entry: OutboxEntry = { ...mail, sentAt: new Date().toISOString() };
    this.entries = [entry, ...this.entries].slice(0, MAX_KEPT);
    if (this.options.path) {
      writeFileSync(`${this.options.path}.tmp`, JSON.stringify(this.entries, null, 1));
      renameSync(`${this.options.path}.tmp`, this.options.path);
    }
    this.options.print?.(
      [
        `\n  ✉  To: ${mail.to}   (local twin only: in AWS the mail is sent by SES and never logged)`,
        `     Subject: ${mail.subject}`,
        ...(mail.link ? [`     Link: ${mail.link}`] : []),
        '',
      ].join('\n'),
    );
  }

  list(): OutboxEntry[] {
    return this.entries;
  }
}
