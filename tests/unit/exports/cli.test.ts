import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { statement } from '../../support/statement-cli';

/** `npm run statement -- parse` reads a bank's export as the pipeline does. */
const fixture = (file: string) => join(__dirname, '../../fixtures/exports', file);

describe('npm run statement -- parse <file.csv|.ofx|.qif>', { timeout: 180_000 }, () => {
  it('a CSV: JSON with each row, its flow type, and the reconciliation', async () => {
    const { code, stdout } = await statement('parse', fixture('lloyds.csv'));
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout);
    expect(parsed).toMatchObject({ source: 'export', reconciliation: { ok: true, breaks: [] }, pages: 0 });
    expect(parsed.transactions).toHaveLength(4);
    expect(parsed.transactions[0]).toMatchObject({
      date: '2024-08-27',
      signedAmount: 2500,
      flowType: 'income',
    });
  });

  it('an OFX file as a table', async () => {
    const { code, stdout } = await statement('parse', fixture('bank-sgml.ofx'), '--table');
    expect(code).toBe(0);
    expect(stdout).toContain('Nationwide · bank account · 2024-01-01 to 2024-01-31');
    expect(stdout).toContain('read from the export file');
    expect(stdout).toContain('TESCO STORES 2041 CONTACTLESS');
  });

  it('a bad file: one line with the reason, exit 1', async () => {
    const { code, stderr } = await statement('parse', fixture('no-date.csv'));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'csv_no_date: We could not find a date column in this CSV file. Please upload the file exactly as your bank gave it.',
    );
  });
});
