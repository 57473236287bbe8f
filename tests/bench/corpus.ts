import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OcrEngine } from '../../functions/adapters/ocr/engine';
import { readPdfStatement } from '../../functions/adapters/ocr/pdf-text';
import { readScan } from '../../functions/adapters/ocr/scan-reader';
import { readStatement } from '../../functions/domain/statement';
import { readingReasons } from '../../functions/domain/statement-check';
import { CORPUS, generateCorpusStatement } from '../fixtures/statements/corpus';
import { FREEHAND } from '../fixtures/statements/freehand';
import { FREEHAND_LATER_SETS, type FreehandLaterGroup } from '../fixtures/statements/freehand-sets';
import { generateBigStatement, generateStatement, LAYOUTS } from '../fixtures/statements/generate';
import { scanPdf } from '../fixtures/statements/scan';
import { VARIATIONS } from '../fixtures/statements/variations';

/**
 * How much of the fixture corpus the reader gets exactly: statements whose every row is right (date,
 * description, signed amount, printed balance; no row missing or extra) and rows read exactly, for
 *  - the generated statements (every layout, and the 12-page one) from their text layer,
 *  - their scans (every layout, through the local OCR stand-in),
 *  - the real-layout statements in ../shared/fixtures/statements-real/ against their expected CSVs,
 *  - the corpus of UK bank and card layouts modelled on public evidence (corpus.ts), text layer and scan,
 *    each layout reported on its own line,
 *  - the traits laid on those layouts (variations.ts), text layer and scan,
 *  - the statements drawn freehand outside the corpus's layout description (freehand.ts), text layer and
 *    scan, as their own figures ('all fixtures' leaves them out, so it stays comparable with earlier runs),
 *  - the card statements drawn the same way (freehand-cards.ts), text layer, as their own figure too,
 *  - the current and savings accounts drawn the same way (freehand-accounts.ts), their own figure too,
 *  - the mixed kinds drawn the same way (freehand-mixed.ts), text layer, as their own figure too,
 *  - the bank and building-society accounts drawn the same way (freehand-banks.ts), their own figure too,
 *  - a second round of card statements drawn the same way (freehand-cards2.ts), their own figure too,
 *  - current accounts with page mechanics drawn the same way (freehand-pages.ts), their own figure too,
 *  - app, challenger and e-money accounts drawn the same way (freehand-apps.ts), their own figure too,
 *  - mortgages, loans and savings drawn the same way (freehand-loans.ts), their own figure too,
 *  - building-society, regional, Islamic and business accounts drawn the same way (freehand-societies.ts),
 *    their own figure too,
 *  - statements whose text layers carry other PDF producers' mechanics (freehand-producers.ts), their own
 *    figure too,
 *  - statements in the forms families receive other than the standard print (Welsh and bilingual, large
 *    print, a browser's print of internet banking, day and page totals) drawn the same way
 *    (freehand-access.ts), their own figure too,
 *  - statements whose table structure is unusual (a line printer's space-aligned columns, a Day column under
 *    month section lines, money columns before the description, a time column, a summary-only first page,
 *    a section per payment type) drawn the same way (freehand-structure.ts), their own figure too,
 *  - banks and card issuers not drawn before, carrying the traits a held-back set of real statements
 *    showed the reader failing on (freehand-unseen.ts), their own figure too,
 *  - banks of the Isle of Man, the Channel Islands, Northern Ireland and Scotland and business accounts not
 *    drawn before, carrying those traits in other combinations (freehand-islands.ts), their own figure too,
 *  - a third round of card statements, of issuers not drawn before, carrying those traits in new
 *    combinations (freehand-cards3.ts), their own figure too,
 *  - the biggest UK banks' current accounts redrawn from public evidence of how they print them today,
 *    carrying those traits in new combinations (freehand-bigbanks.ts), their own figure too,
 *  - the biggest UK credit card, charge card and savings issuers as they print today, carrying those traits
 *    in new combinations (freehand-bigcards.ts), their own figure too,
 *  - seven high-street banks' current accounts as they print today (Bank of Scotland, RBS, first direct,
 *    TSB, Metro Bank, Danske Bank, the Co-operative Bank), carrying those traits in new combinations
 *    (freehand-highstreet.ts), their own figure too,
 *  - the app banks as they print today and big banks' savings and ISA statements not drawn as savings before,
 *    carrying those traits in new combinations (freehand-appsavings.ts), their own figure too,
 *  - current and business accounts of UK banks not drawn from their own evidence before (Virgin Money,
 *    Ulster Bank, Bank of Ireland UK, AIB (NI), Nationwide FlexPlus, Tide, Mettle), carrying those traits in
 *    new combinations (freehand-regional.ts), their own figure too,
 *  - the credit and store cards of UK issuers not drawn before in these layouts (Lloyds, HSBC UK, NatWest,
 *    Santander, Sainsbury's Bank, the John Lewis Partnership Card, M&S Bank), carrying those traits in new
 *    combinations (freehand-issuercards.ts), their own figure too,
 *  - the savings, ISA and building-society statements of UK providers not drawn before (Leeds, Newcastle and
 *    West Brom building societies, NS&I Income Bonds, Post Office Online Saver, Raisin UK, Kent Reliance),
 *    carrying those traits and savings ones in new combinations (freehand-savers.ts), their own figure too,
 *  - credit, charge and instalment cards of UK issuers whose layouts no earlier set draws (Halifax, Tymit,
 *    American Express Business Gold, Marbles, the Co-operative Bank, Monzo Flex, RBS Business), carrying
 *    those traits in new combinations (freehand-plancards.ts), their own figure too,
 *  - the scans of those later sets (cards, accounts, mixed, banks, second cards, pages, apps, loans and
 *    savings, societies, producers, other forms, table structures, unseen issuers, third
 *    cards, island and business banks, the biggest banks, the biggest issuers, the high-street banks, the app
 *    banks and savings, the regional and business accounts, the issuers' cards, the savers, the instalment
 *    and business cards), as one figure of their own.
 * Each figure also counts the statements read wrong that the statement's own figures confirm (no reason for
 * the family's check: they would go straight into the family's figures). Target: every statement, every row,
 * and none confirmed but wrong. Deterministic: one run.
 */
interface Row {
  date: string;
  description: string;
  signedAmount: number;
  balance: number | null;
}
interface Case {
  group:
    | 'generated'
    | 'scans'
    | 'real'
    | 'corpus'
    | 'corpus-scans'
    | 'variations'
    | 'variation-scans'
    | 'freehand'
    | 'freehand-scans'
    | FreehandLaterGroup
    | 'freehand-later-scans';
  /** The corpus layout the case renders. */
  layout?: string;
  name: string;
  pdf: Uint8Array;
  expected: Row[];
}

const REAL_DIR =
  process.env.STATEMENTS_REAL_DIR ?? join(import.meta.dirname, '../../../shared/fixtures/statements-real');

const key = (r: Row) =>
  `${r.date}|${r.description}|${r.signedAmount.toFixed(2)}|${r.balance === null ? '' : r.balance.toFixed(2)}`;

/** `date,description,amount,balance` (signed amount; balance empty where none is printed). */
function readCsv(text: string): Row[] {
  const [, ...lines] = text.trim().split(/\r?\n/);
  return lines.map((line) => {
    const cells = line.split(',');
    const balance = cells.at(-1) ?? '';
    return {
      date: cells[0] ?? '',
      description: cells.slice(1, -2).join(','),
      signedAmount: Number(cells.at(-2)),
      balance: balance === '' ? null : Number(balance),
    };
  });
}

/** Rows of `expected` found in `read` (each read row counts once). */
function exactRows(read: readonly Row[], expected: readonly Row[]): number {
  const left = new Map<string, number>();
  for (const r of read) left.set(key(r), (left.get(key(r)) ?? 0) + 1);
  let found = 0;
  for (const r of expected) {
    const n = left.get(key(r)) ?? 0;
    if (n > 0) {
      found++;
      left.set(key(r), n - 1);
    }
  }
  return found;
}

export async function bench(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const cases: Case[] = [];
  for (const layout of LAYOUTS) {
    const { pdf, truth } = await generateStatement(layout);
    cases.push({ group: 'generated', name: layout, pdf: new Uint8Array(pdf), expected: truth.transactions });
    cases.push({
      group: 'scans',
      name: `${layout} (scan)`,
      pdf: new Uint8Array(await scanPdf(pdf)),
      expected: truth.transactions,
    });
  }
  const big = await generateBigStatement();
  cases.push({
    group: 'generated',
    name: 'big',
    pdf: new Uint8Array(big.pdf),
    expected: big.truth.transactions,
  });
  for (const layout of CORPUS) {
    const { pdf, truth } = await generateCorpusStatement(layout.name);
    cases.push({
      group: 'corpus',
      name: layout.name,
      layout: layout.name,
      pdf: new Uint8Array(pdf),
      expected: truth.transactions,
    });
    cases.push({
      group: 'corpus-scans',
      name: `${layout.name} (scan)`,
      layout: layout.name,
      pdf: new Uint8Array(await scanPdf(pdf)),
      expected: truth.transactions,
    });
  }
  // The traits the corpus's layouts do not print, laid on them (corpus-variations.test.ts), text and scan.
  for (const [trait, name, change] of VARIATIONS) {
    const base = CORPUS.find((l) => l.name === name)!;
    const { pdf, truth } = await generateCorpusStatement({ ...base, ...change, name: `${name}: ${trait}` });
    const label = `${name}: ${trait}`;
    cases.push({ group: 'variations', name: label, pdf: new Uint8Array(pdf), expected: truth.transactions });
    cases.push({
      group: 'variation-scans',
      name: `${label} (scan)`,
      pdf: new Uint8Array(await scanPdf(pdf)),
      expected: truth.transactions,
    });
  }
  for (const layout of FREEHAND) {
    const { pdf, truth } = await layout.draw();
    cases.push({
      group: 'freehand',
      name: layout.name,
      pdf: new Uint8Array(pdf),
      expected: truth.transactions,
    });
    cases.push({
      group: 'freehand-scans',
      name: `${layout.name} (scan)`,
      pdf: new Uint8Array(await scanPdf(pdf)),
      expected: truth.transactions,
    });
  }
  for (const [group, layouts] of FREEHAND_LATER_SETS) {
    for (const layout of layouts) {
      const { pdf, truth } = await layout.draw();
      cases.push({
        group,
        name: layout.name,
        pdf: new Uint8Array(pdf),
        expected: truth.transactions,
      });
      cases.push({
        group: 'freehand-later-scans',
        name: `${layout.name} (scan)`,
        pdf: new Uint8Array(await scanPdf(pdf)),
        expected: truth.transactions,
      });
    }
  }
  if (existsSync(REAL_DIR)) {
    for (const file of readdirSync(REAL_DIR).filter((f) => f.endsWith('.pdf'))) {
      const csv = join(REAL_DIR, file.replace(/\.pdf$/, '.expected.csv'));
      if (!existsSync(csv)) continue;
      cases.push({
        group: 'real',
        name: file,
        pdf: new Uint8Array(readFileSync(join(REAL_DIR, file))),
        expected: readCsv(readFileSync(csv, 'utf8')),
      });
    }
  }

  const engine = new OcrEngine();
  // Text layers read again from their page images because their figures contradicted the reading.
  const rereads: string[] = [];
  const results: Array<{
    group: Case['group'];
    name: string;
    layout?: string;
    rows: number;
    exact: number;
    ok: boolean;
    /** Nothing in the reading asks for the family's check: its figures add up, every figure and date read. */
    confirmed: boolean;
  }> = [];
  try {
    for (const c of cases) {
      const { text, result, reread } = await readPdfStatement(c.pdf, (bytes) => readScan(bytes, engine));
      const read = result ?? readStatement(text.ok ? text.blocks : []);
      if (reread) rereads.push(`${c.name}${text.ok && text.source === 'scan' && read.ok ? ' (kept)' : ''}`);
      const printed: Row[] = read.ok ? read.statement.transactions : [];
      // An answer key with a balance on every row (a third party's, e.g. transtractor's) gives the running
      // balance where the statement prints none: compare a row without a printed balance with the running
      // balance its statement's opening balance and amounts give, rather than with nothing.
      const keyHasRunning = c.expected.every((r) => r.balance !== null);
      let running = read.ok ? read.statement.openingBalance : null;
      const rows: Row[] = printed.map((r) => {
        if (running !== null && running !== undefined)
          running = Math.round((running + r.signedAmount) * 100) / 100;
        return keyHasRunning && r.balance === null && typeof running === 'number'
          ? { ...r, balance: running }
          : r;
      });
      const exact = exactRows(rows, c.expected);
      results.push({
        group: c.group,
        name: c.name,
        ...(c.layout ? { layout: c.layout } : {}),
        rows: c.expected.length,
        exact,
        ok: exact === c.expected.length && rows.length === c.expected.length,
        confirmed:
          read.ok && read.statement.transactions.length > 0 && !readingReasons(read.statement).length,
      });
    }
  } finally {
    await engine.close();
  }

  const figure = (label: string, of: typeof results) => {
    const statements = of.filter((r) => r.ok).length;
    const rows = of.reduce((n, r) => n + r.rows, 0);
    const exact = of.reduce((n, r) => n + r.exact, 0);
    const missed = of.filter((r) => !r.ok).map((r) => `${r.name} ${r.exact}/${r.rows}`);
    const wrong = of.filter((r) => !r.ok && r.confirmed).map((r) => r.name);
    return [
      {
        name: `${label}: statements exact`,
        value: statements,
        unit: `of ${of.length}`,
        note: `${((100 * statements) / Math.max(1, of.length)).toFixed(0)}%${missed.length ? `; not exact: ${missed.join(', ')}` : ''}; confirmed but not exact: ${wrong.length ? wrong.join(', ') : 'none'}`,
      },
      {
        name: `${label}: rows exact`,
        value: exact,
        unit: `of ${rows}`,
        note: `${((100 * exact) / Math.max(1, rows)).toFixed(1)}%`,
      },
    ];
  };
  return [
    ...figure(
      'generated (text layer)',
      results.filter((r) => r.group === 'generated'),
    ),
    ...figure(
      'generated, scanned (OCR)',
      results.filter((r) => r.group === 'scans'),
    ),
    ...figure(
      'real layouts (text layer)',
      results.filter((r) => r.group === 'real'),
    ),
    ...figure(
      'corpus (text layer)',
      results.filter((r) => r.group === 'corpus'),
    ),
    ...figure(
      'corpus, scanned (OCR)',
      results.filter((r) => r.group === 'corpus-scans'),
    ),
    ...figure(
      'corpus variations (text layer)',
      results.filter((r) => r.group === 'variations'),
    ),
    ...figure(
      'corpus variations, scanned (OCR)',
      results.filter((r) => r.group === 'variation-scans'),
    ),
    ...CORPUS.map((layout) => {
      const text = results.find((r) => r.group === 'corpus' && r.layout === layout.name);
      const scan = results.find((r) => r.group === 'corpus-scans' && r.layout === layout.name);
      const show = (r: typeof text) =>
        r ? `${r.ok ? 'exact' : 'not exact'} ${r.exact}/${r.rows} rows` : 'not run';
      return {
        name: `corpus ${layout.name}`,
        value: (text?.ok ? 1 : 0) + (scan?.ok ? 1 : 0),
        unit: 'of 2 exact',
        note: `text ${show(text)}; scan ${show(scan)}; ${layout.product}`,
      };
    }),
    ...figure(
      'freehand (text layer)',
      results.filter((r) => r.group === 'freehand'),
    ),
    ...figure(
      'freehand, scanned (OCR)',
      results.filter((r) => r.group === 'freehand-scans'),
    ),
    ...figure(
      'freehand cards (text layer)',
      results.filter((r) => r.group === 'freehand-cards'),
    ),
    ...figure(
      'freehand current and savings accounts (text layer)',
      results.filter((r) => r.group === 'freehand-accounts'),
    ),
    ...figure(
      'freehand mixed (text layer)',
      results.filter((r) => r.group === 'freehand-mixed'),
    ),
    ...figure(
      'freehand bank and society accounts (text layer)',
      results.filter((r) => r.group === 'freehand-banks'),
    ),
    ...figure(
      'freehand cards, second round (text layer)',
      results.filter((r) => r.group === 'freehand-cards2'),
    ),
    ...figure(
      'freehand current accounts with page mechanics (text layer)',
      results.filter((r) => r.group === 'freehand-pages'),
    ),
    ...figure(
      'freehand app, challenger and e-money accounts (text layer)',
      results.filter((r) => r.group === 'freehand-apps'),
    ),
    ...figure(
      'freehand mortgages, loans and savings (text layer)',
      results.filter((r) => r.group === 'freehand-loans'),
    ),
    ...figure(
      'freehand society, regional and business accounts (text layer)',
      results.filter((r) => r.group === 'freehand-societies'),
    ),
    ...figure(
      'freehand statements from other PDF producers (text layer)',
      results.filter((r) => r.group === 'freehand-producers'),
    ),
    ...figure(
      'freehand statements in other forms: Welsh, large print, printouts (text layer)',
      results.filter((r) => r.group === 'freehand-access'),
    ),
    ...figure(
      'freehand statements with unusual table structures (text layer)',
      results.filter((r) => r.group === 'freehand-structure'),
    ),
    ...figure(
      'freehand banks and card issuers not drawn before (text layer)',
      results.filter((r) => r.group === 'freehand-unseen'),
    ),
    ...figure(
      'freehand island, Northern Irish, Scottish and business banks (text layer)',
      results.filter((r) => r.group === 'freehand-islands'),
    ),
    ...figure(
      'freehand card statements, third round (text layer)',
      results.filter((r) => r.group === 'freehand-cards3'),
    ),
    ...figure(
      "freehand biggest banks' current accounts (text layer)",
      results.filter((r) => r.group === 'freehand-bigbanks'),
    ),
    ...figure(
      'freehand biggest card, charge card and savings issuers (text layer)',
      results.filter((r) => r.group === 'freehand-bigcards'),
    ),
    ...figure(
      "freehand high-street banks' current accounts (text layer)",
      results.filter((r) => r.group === 'freehand-highstreet'),
    ),
    ...figure(
      "freehand app banks and big banks' savings (text layer)",
      results.filter((r) => r.group === 'freehand-appsavings'),
    ),
    ...figure(
      'freehand regional and business current accounts (text layer)',
      results.filter((r) => r.group === 'freehand-regional'),
    ),
    ...figure(
      "freehand UK issuers' credit and store cards (text layer)",
      results.filter((r) => r.group === 'freehand-issuercards'),
    ),
    ...figure(
      'freehand savings, ISA and building-society statements (text layer)',
      results.filter((r) => r.group === 'freehand-savers'),
    ),
    ...figure(
      'freehand credit, charge and instalment cards (text layer)',
      results.filter((r) => r.group === 'freehand-plancards'),
    ),
    ...figure(
      'freehand later sets, scanned (OCR)',
      results.filter((r) => r.group === 'freehand-later-scans'),
    ),
    ...figure(
      'all fixtures',
      results.filter((r) => !r.group.startsWith('freehand')),
    ),
    {
      name: 'confirmed but not exact (every fixture, freehand included)',
      value: results.filter((r) => r.confirmed && !r.ok).length,
      unit: `of ${results.filter((r) => r.confirmed).length} confirmed`,
      note:
        results
          .filter((r) => r.confirmed && !r.ok)
          .map((r) => `${r.name} ${r.exact}/${r.rows}`)
          .join(', ') || 'none',
    },
    {
      name: 'text layers read again from their images (figures contradicted)',
      value: rereads.length,
      unit: `of ${results.length}`,
      note: rereads.join(', ') || 'none',
    },
  ];
}
