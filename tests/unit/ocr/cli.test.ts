import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatement, type StatementTruth } from '../../fixtures/statements/generate';
import { scanPdf } from '../../fixtures/statements/scan';
import { statement } from '../../support/statement-cli';

describe.concurrent('npm run statement -- parse: scans, flow types and --table', { timeout: 120_000 }, () => {
  let dir: string;
  let card: StatementTruth;
  let monzo: StatementTruth;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'statement-cli-ocr-'));
    const amex = await generateStatement('credit-card');
    card = amex.truth;
    // A paper card statement put through a flatbed scanner: image only, no text layer.
    writeFileSync(join(dir, 'amex-scan.pdf'), await scanPdf(amex.pdf));
    const signed = await generateStatement('signed-amount');
    monzo = signed.truth;
    writeFileSync(join(dir, 'monzo.pdf'), signed.pdf);
    // Generating and scanning statements is seconds of drawing: on a busy machine, many more.
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a scanned statement as it reads a downloaded one, with each row’s flow type and confidence', async () => {
    const { code, stdout, stderr } = await statement('parse', join(dir, 'amex-scan.pdf'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout) as {
      source: string;
      transactions: Array<{ description: string; flowType: string | null; confidence: number | null }>;
    };
    expect(parsed).toMatchObject({
      source: 'scan',
      institution: card.institution,
      accountKind: 'credit_card',
      period: card.period,
      openingBalance: card.openingBalance,
      closingBalance: card.closingBalance,
      transactions: card.transactions,
      reconciliation: { ok: true, breaks: [] },
    });
    // Rule table (spec 2 §5): a card payment received is a transfer, a card purchase an expense.
    const payment = parsed.transactions.find((t) => t.description === 'PAYMENT RECEIVED - THANK YOU');
    expect(payment).toMatchObject({ flowType: 'internal_transfer', confidence: 0.95 });
    const netflix = parsed.transactions.find((t) => t.description === 'NETFLIX.COM');
    expect(netflix).toMatchObject({ flowType: 'external_expense', confidence: 0.95 });
    // Spending rows carry the category the pipeline would give them; other rows none.
    expect(netflix).toMatchObject({ category: expect.any(String), merchant: expect.any(String) });
    expect(payment).toMatchObject({ category: null, merchant: null });
  });

  it('--table prints the statement’s facts and one aligned line per transaction', async () => {
    const { code, stdout } = await statement('parse', '--table', join(dir, 'monzo.pdf'));
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `Monzo · bank account · ${monzo.period.start} to ${monzo.period.end} · 1 page(s) · read from the text layer`,
    );
    expect(lines[1]).toMatch(/^Opening 842\.10 · closing 211\.06 · 30 transactions · reconciled$/);
    expect(lines[3]).toMatch(/^Date\s+Description\s+Amount\s+Balance\s+Flow type\s+Confidence\s+Category$/);
    const rows = lines.slice(5);
    expect(rows).toHaveLength(monzo.transactions.length);
    // A transfer to savings (a TFR reference) is internal at 0.95; the money columns are right-aligned.
    const tfr = rows.find((r) => r.includes('TFR 12345678 SAVINGS'));
    expect(tfr).toMatch(/-222\.52\s+647\.34\s+internal_transfer\s+0\.95$/);
    const widths = new Set(rows.map((r) => r.indexOf(' ', r.search(/-?\d+\.\d\d /) + 1)));
    expect(widths.size).toBe(1);
  });

  it('a flag it does not know is a usage error', async () => {
    const { code, stderr } = await statement('parse', join(dir, 'monzo.pdf'), '--tabel');
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      'Usage: npm run statement -- parse <file.pdf|.csv|.ofx|.qfx|.qif> [--table] [--reference-date YYYY-MM-DD]',
    );
  });
});
