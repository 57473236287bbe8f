import { recogniseInstitution } from '../statement/institutions';
import { buildStatement, type ExportRow } from './build';
import { EXPORT_MESSAGES, type ExportAccount, failure, NO_ACCOUNT, type ReadExportResult } from './types';
import { parseExportAmount, parseOfxDate } from './values';

/**
 * OFX and QFX (Quicken's OFX), both versions: 1.x is SGML, whose elements holding a value have no closing
 * tag ('<TRNAMT>-12.50'), after a header of 'KEY:VALUE' lines; 2.x is XML ('<TRNAMT>-12.50</TRNAMT>') after
 * '<?xml?>' and '<?OFX?>'. Both are read the same way: each element's value is the text after its tag up to
 * the next '<'. A statement (bank STMTRS or card CCSTMTRS) gives its transactions (STMTTRN: DTPOSTED, TRNAMT,
 * NAME, MEMO), its account (BANKACCTFROM: BANKID, ACCTID; CCACCTFROM: ACCTID) and its ledger balance
 * (LEDGERBAL: BALAMT, DTASOF) and its currency (CURDEF). Amounts are signed from the account holder's side, so a card's charge is
 * negative; a card's LEDGERBAL is negative when money is owed, and kept as the amount owed.
 */
export function isOfx(text: string): boolean {
  return /<OFX>/i.test(text) && /OFXHEADER|<\?OFX|<OFX>/i.test(text);
}

export function readOfx(text: string): ReadExportResult {
  if (!text.trim()) return failure('empty', EXPORT_MESSAGES.empty);
  const card = /<CCSTMTRS>/i.test(text);
  const rows: ExportRow[] = [];
  const blocks = text.match(/<STMTTRN>[\s\S]*?(?=<\/STMTTRN>|<STMTTRN>|<\/BANKTRANLIST>)/gi) ?? [];
  for (const [index, block] of blocks.entries()) {
    const f = fields(block);
    const dateText = f.get('DTPOSTED') ?? f.get('DTUSER') ?? '';
    const date = parseOfxDate(dateText);
    if (!date) return failure('unreadable_date', EXPORT_MESSAGES.unreadableDate(dateText, index + 1));
    const amountText = (f.get('TRNAMT') ?? '').replace(/^(-?\d+),(\d{1,2})$/, '$1.$2');
    const amount = parseExportAmount(amountText);
    if (!amount) return failure('unreadable_amount', EXPORT_MESSAGES.unreadableAmount(amountText, index + 1));
    const name = f.get('NAME') ?? f.get('PAYEE') ?? '';
    const memo = f.get('MEMO') ?? '';
    const description =
      (memo && !name.includes(memo) ? `${name} ${memo}` : name || memo).replace(/\s+/g, ' ').trim() ||
      f.get('TRNTYPE') ||
      'Transaction';
    rows.push({ date, description, pence: amount.pence, balancePence: null });
  }
  if (!rows.length) return failure('no_transactions', EXPORT_MESSAGES.noTransactions);
  const ledger = /<LEDGERBAL>([\s\S]*?)(?:<\/LEDGERBAL>|<AVAILBAL>|<\/STMTRS>|<\/CCSTMTRS>|$)/i.exec(text);
  const balance = ledger ? parseExportAmount(fields(ledger[1]!).get('BALAMT') ?? '') : null;
  const list = /<BANKTRANLIST>([\s\S]*?)<STMTTRN>/i.exec(text);
  const listFields = list ? fields(list[1]!) : new Map<string, string>();
  const start = parseOfxDate(listFields.get('DTSTART') ?? '');
  const end = parseOfxDate(listFields.get('DTEND') ?? '');
  const dates = rows.map((r) => r.date).sort();
  const period = start && end ? { start: min(start, dates[0]!), end: max(end, dates.at(-1)!) } : null;
  const org = fields(/<FI>([\s\S]*?)<\/FI>/i.exec(text)?.[1] ?? '').get('ORG') ?? '';
  return {
    ok: true,
    statement: buildStatement({
      format: 'ofx',
      layout: /<\?xml/i.test(text) ? 'ofx-2' : 'ofx-1',
      institution: org ? recogniseInstitution([org]) : null,
      accountKind: card ? 'credit_card' : 'bank',
      account: accountOf(text),
      dateOrder: 'iso',
      rows,
      closingPence: balance ? (card ? -balance.pence : balance.pence) : null,
      period,
      // The statement's default currency (CURDEF): a euro account's file is not read as pounds.
      currency: /<CURDEF>\s*([A-Z]{3})/i.exec(text)?.[1]?.toUpperCase() ?? null,
    }),
  };
}

const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

/** Each element's value: the text after '<NAME>' up to the next '<' (entities decoded). */
function fields(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of block.matchAll(/<([A-Z0-9.]+)>([^<]*)/gi)) {
    const value = decodeEntities(m[2]!.trim());
    const name = m[1]!.toUpperCase();
    if (value && !out.has(name)) out.set(name, value);
  }
  return out;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');
}

function accountOf(text: string): ExportAccount {
  const from = /<(BANKACCTFROM|CCACCTFROM)>([\s\S]*?)(?:<\/\1>|<BANKTRANLIST>)/i.exec(text);
  if (!from) return { ...NO_ACCOUNT };
  const f = fields(from[2]!);
  const account: ExportAccount = { ...NO_ACCOUNT };
  const bankId = (f.get('BANKID') ?? '').replace(/\D/g, '');
  if (bankId.length === 6) account.sortCode = bankId;
  const id = f.get('ACCTID') ?? '';
  const digits = id.replace(/\D/g, '');
  if (/^[\d\s-]+$/.test(id) && digits.length >= 14) {
    account.sortCode ??= digits.slice(-14, -8);
    account.accountNumber = digits.slice(-8);
  } else if (/^[\d\s-]+$/.test(id) && digits.length === 8 && from[1]!.toUpperCase() === 'BANKACCTFROM') {
    account.accountNumber = digits;
  } else {
    const tail = /(\d{4,})$/.exec(id.replace(/\s/g, ''));
    if (tail) account.lastDigits = tail[1]!;
  }
  return account;
}
