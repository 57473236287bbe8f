import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Mailer, OutgoingMail } from '../shared/ports';

/**
 * The twin's e-mail: nothing leaves the machine. Each message is kept, newest first, for `GET /local/outbox`
 * (and the browser tests that sign in through it); the console only says that one was sent, and to whom.
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
      writeFileSync(`${this.options.path}.tmp`, JSON.stringify(this.entries, null, 1), { mode: 0o600 });
      renameSync(`${this.options.path}.tmp`, this.options.path);
    }
    // The console says that a message went, never what it carries: a sign-in or invitation link is a
    // credential, and terminals are scrolled back, shared and recorded. The link is in the outbox.
    this.options.print?.(
      [
        `\n  ✉  E-mail sent to ${mail.to}: "${mail.subject}"`,
        `     (local twin: read it, and any link in it, at /local/outbox; in AWS SES sends it)`,
        '',
      ].join('\n'),
    );
  }

  list(): OutboxEntry[] {
    return this.entries;
  }
}
