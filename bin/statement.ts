import { readFile } from 'node:fs/promises';
import { OcrEngine } from '../functions/adapters/ocr/engine';
import { readPdfStatement } from '../functions/adapters/ocr/pdf-text';
import { readScan } from '../functions/adapters/ocr/scan-reader';
import { categorise } from '../functions/domain/category-rules';
import { kindFromName, readExport } from '../functions/domain/exports';
import { classifyByRules } from '../functions/domain/rule-classifier';
import { spendingAmount } from '../functions/domain/spending';
import type { ParsedStatement } from '../functions/domain/statement';
import { otherCurrencyMessage } from '../functions/domain/statement/currency';

/**
 * `npm run statement -- parse <file.pdf> [--table] [--reference-date YYYY-MM-DD]`: reads a statement PDF on
 * this machine, as the pipeline does: its text layer, or for a scan (no text layer) the local OCR stand-in
 * the twin uses. `--reference-date` stands for the upload date (default: today): the year of the dates is
 * taken from it only when the statement prints none of its own, and then a warning says so. A bank's export
 * (`.csv`, `.ofx`, `.qfx`, `.qif`) is read as the pipeline reads it (functions/domain/exports). Prints the
 * parsed statement as JSON, each transaction with its flow type and confidence from the rule table
 * (functions/domain/rule-classifier.ts; null where no rule fits: the AI's rows); `--table` prints a readable
 * table instead. Exit 0 when parsed; otherwise one line on stderr with the reason and exit 1 (2 for usage).
 */
const USAGE =
  'Usage: npm run statement -- parse <file.pdf|.csv|.ofx|.qfx|.qif> [--table] [--reference-date YYYY-MM-DD]';

type Source = 'text-layer' | 'scan' | 'export';

/**
 * A PDF's text read as a statement. The OCR engine is started only for a scan, for pages whose text layer
 * cannot be read, or for a text layer whose own figures contradict its reading (readPdfStatement).
 */
async function pdfStatement(
  bytes: Uint8Array,
  referenceDate: string,
): Promise<
  { ok: true; statement: ParsedStatement; source: Source; warnings: string[] } | { ok: false; line: string }
> {
  const engines: OcrEngine[] = [];
  const ocr = () => {
    if (!engines.length) engines.push(new OcrEngine());
    return engines[0]!;
  };
  try {
    const { text, result } = await readPdfStatement(bytes, (scan) => readScan(scan, ocr()), {
      referenceDate,
    });
    if (!text.ok) return { ok: false, line: `${text.reason}: ${text.message}` };
    if (!result?.ok) return { ok: false, line: result ? `${result.reason}: ${result.message}` : 'no_text' };
    return { ok: true, statement: result.statement, source: text.source, warnings: text.warnings };
  } finally {
    await Promise.all(engines.map((engine) => engine.close()));
  }
}

/** A PDF through its text (or the OCR stand-in) and the statement reader; an export through its reader. */
async function statementOf(
  bytes: Uint8Array,
  file: string,
  referenceDate: string,
): Promise<{ ok: true; statement: ParsedStatement; source: Source } | { ok: false; line: string }> {
  const kind = kindFromName(file);
  if (kind && kind !== 'pdf') {
    const result = readExport(bytes, file);
    return result.ok
      ? { ok: true, statement: result.statement, source: 'export' }
      : { ok: false, line: `${result.reason}: ${result.message}` };
  }
  const read = await pdfStatement(bytes, referenceDate);
  if (!read.ok) return read;
  // As Parse: a statement of an account kept in another currency is refused, never read as pounds.
  const { currency } = read.statement;
  if (currency && currency !== 'GBP')
    return { ok: false, line: `other_currency: ${otherCurrencyMessage(currency)}` };
  // What the extractor noticed (pages read from their image) comes first, as Parse records it.
  const statement = { ...read.statement, warnings: [...read.warnings, ...read.statement.warnings] };
  return { ok: true, statement, source: read.source };
}

function classified(statement: ParsedStatement) {
  const accountType = statement.accountKind === 'credit_card' ? 'credit' : null;
  return statement.transactions.map((t) => {
    const rule = classifyByRules({
      description: t.description,
      amount: t.amount,
      signed_amount: t.signedAmount,
      type: t.type,
      account_type: accountType,
    });
    const flowType = rule?.flow_type ?? null;
    // The category the pipeline would give a row that counts as spending (without the family's own rules).
    const spending =
      flowType &&
      spendingAmount({
        description: t.description,
        amount: t.amount,
        signed_amount: t.signedAmount,
        type: t.type,
        flow_type: flowType,
        user_corrected_flow_type: null,
      }) !== null;
    const category = spending ? categorise(t.description) : null;
    return {
      ...t,
      flowType,
      confidence: rule?.confidence ?? null,
      category: category?.subcategory ?? category?.primary_category ?? null,
      merchant: category?.merchant_name ?? null,
    };
  });
}

const money = (n: number | null) =>
  n === null ? '' : n.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A plain-text table: one line per transaction, columns padded; the statement's facts above it. */
export function statementTable(statement: ParsedStatement, source: Source): string {
  const rows = classified(statement).map((t) => [
    t.date,
    t.description,
    money(t.signedAmount),
    money(t.balance),
    t.flowType ?? '(for the AI)',
    t.confidence === null ? '' : t.confidence.toFixed(2),
    t.category ?? '',
  ]);
  const header = ['Date', 'Description', 'Amount', 'Balance', 'Flow type', 'Confidence', 'Category'];
  const right = new Set([2, 3, 5]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const { reconciliation, period, warnings } = statement;
  return [
    `${statement.institution ?? 'Unknown bank'} · ${statement.accountKind === 'credit_card' ? 'credit card' : 'bank account'} · ${period ? `${period.start} to ${period.end}` : 'no period'} · ${statement.pages} page(s) · read from ${source === 'scan' ? 'a scan' : source === 'export' ? 'the export file' : 'the text layer'}`,
    `Opening ${money(statement.openingBalance)} · closing ${money(statement.closingBalance)} · ${statement.transactions.length} transactions · ${reconciliation.ok ? 'reconciled' : `does not reconcile (${reconciliation.breaks.length} break(s))`}`,
    ...warnings.map((w) => `Warning: ${w}`),
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ].join('\n');
}

/** The command itself: its arguments in, its exit code out; it prints with console.log and console.error. */
export async function main(argv: readonly string[]): Promise<number> {
  const table = argv.includes('--table');
  const args = argv.filter((a) => a !== '--table');
  let referenceDate = new Date().toISOString().slice(0, 10);
  const at = args.findIndex((a) => a === '--reference-date' || a.startsWith('--reference-date='));
  if (at >= 0) {
    const [, ...inline] = args[at]!.split('=');
    const value = inline.length ? inline.join('=') : args[at + 1];
    args.splice(at, inline.length ? 1 : 2);
    if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
      console.error(`--reference-date needs a date as YYYY-MM-DD. ${USAGE}`);
      return 2;
    }
    referenceDate = value;
  }
  const [command, file, ...rest] = args;
  if (command !== 'parse' || !file || rest.length) {
    console.error(USAGE);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'ENOENT' ? `File not found: ${file}` : `Cannot read ${file}: ${(error as Error).message}`,
    );
    return 1;
  }
  const read = await statementOf(bytes, file, referenceDate);
  if (!read.ok) {
    console.error(read.line);
    return 1;
  }
  const { statement } = read;
  if (statement.yearSource === 'reference_date') {
    console.error(`Warning: the year of the dates is taken from the reference date ${referenceDate}.`);
  }
  const text = { source: read.source };
  if (table) {
    console.log(statementTable(statement, text.source));
    return 0;
  }
  const {
    institution,
    period,
    openingBalance,
    closingBalance,
    reconciliation,
    warnings,
    pages,
    accountKind,
    yearSource,
    statementDate,
  } = statement;
  console.log(
    JSON.stringify(
      {
        institution,
        accountKind,
        period,
        yearSource,
        statementDate,
        openingBalance,
        closingBalance,
        transactions: classified(statement),
        reconciliation,
        warnings,
        pages,
        source: text.source,
      },
      null,
      2,
    ),
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
