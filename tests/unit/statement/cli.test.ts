import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateImageOnlyPdf,
  generateStatement,
  generateTraitStatement,
  type StatementTruth,
} from '../../fixtures/statements/generate';
import { spawnStatement, statement } from '../../support/statement-cli';

// The first case runs the real command in a process of its own; the others run its main in this process.
describe('spec 2 §3 npm run statement -- parse <file.pdf>', { timeout: 180_000 }, () => {
  let dir: string;
  let truth: StatementTruth;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'statement-cli-'));
    const generated = await generateStatement('daily-balance');
    truth = generated.truth;
    writeFileSync(join(dir, 'hsbc.pdf'), generated.pdf);
    writeFileSync(join(dir, 'scan.pdf'), await generateImageOnlyPdf());
    writeFileSync(join(dir, 'notes.pdf'), 'not a pdf at all');
    // Rows print '12 Apr'; the year is only in 'Statement date 1 May 25'.
    writeFileSync(join(dir, 'dated.pdf'), (await generateTraitStatement(['statementDate'])).pdf);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the parsed statement as JSON and exits 0', async () => {
    const { code, stdout } = await spawnStatement('parse', join(dir, 'hsbc.pdf'));
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout);
    expect(parsed).toMatchObject({
      institution: truth.institution,
      period: truth.period,
      openingBalance: truth.openingBalance,
      closingBalance: truth.closingBalance,
      transactions: truth.transactions,
      reconciliation: { ok: true, breaks: [] },
      warnings: [],
    });
  });

  it('reads the year from the statement date, not the reference (upload) date', async () => {
    const { code, stdout, stderr } = await statement(
      'parse',
      join(dir, 'dated.pdf'),
      '--reference-date',
      '2026-11-26',
    );
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const parsed = JSON.parse(stdout);
    expect(parsed).toMatchObject({ yearSource: 'statement_date', statementDate: '2025-05-01' });
    expect(parsed.transactions[0].date).toMatch(/^2025-04-/);
  });

  it('refuses a statement dated after the reference date', async () => {
    const { code, stderr } = await statement('parse', join(dir, 'dated.pdf'), '--reference-date=2025-04-20');
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(
      /^dated_after_upload: This statement is dated after the day it was uploaded/,
    );
  });

  it.each([
    [['parse', 'scan.pdf'], 1, /^scan_no_text: We could not read this scanned statement clearly enough\. /],
    [['parse', 'notes.pdf'], 1, /^not_pdf: This file is not a PDF\.$/],
    [['parse', 'missing.pdf'], 1, /^File not found: /],
    [
      ['read', 'x.pdf'],
      2,
      /^Usage: npm run statement -- parse <file\.pdf\|\.csv\|\.ofx\|\.qfx\|\.qif> \[--table\] \[--reference-date YYYY-MM-DD\]$/,
    ],
  ])('%j fails with one line on stderr', async (args, exit, line) => {
    const [command, file] = args as [string, string];
    const { code, stdout, stderr } = await statement(command, join(dir, file));
    expect(code).toBe(exit);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });
});
