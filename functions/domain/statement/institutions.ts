/**
 * Which bank or card issuer a statement comes from, recognised by name in the statement's own text (its
 * heading, address block and footer; never its transactions). Names are canonical display names.
 */
const INSTITUTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bamerican express\b|\bamex\b/i, 'American Express'],
  [/\bbarclaycard\b/i, 'Barclaycard'],
  [/\bbarclays\b/i, 'Barclays'],
  [/\bfirst direct\b/i, 'First Direct'],
  [/\bhsbc\b/i, 'HSBC'],
  [/\blloyds(?! banking group)\b/i, 'Lloyds Bank'],
  [/\bnatwest\b|\bnational westminster\b/i, 'NatWest'],
  [/\broyal bank of scotland\b|\brbs\b/i, 'Royal Bank of Scotland'],
  [/\bbank of scotland\b/i, 'Bank of Scotland'],
  [/\bhalifax\b/i, 'Halifax'],
  [/\bsantander\b/i, 'Santander'],
  [/\bnationwide\b/i, 'Nationwide'],
  [/\bmonzo\b/i, 'Monzo'],
  [/\bstarling bank\b|\bstarling\b/i, 'Starling Bank'],
  [/\brevolut\b/i, 'Revolut'],
  [/\bmetro bank\b/i, 'Metro Bank'],
  [/\bco-?operative bank\b|\bco-op bank\b/i, 'The Co-operative Bank'],
  [/\btsb\b/i, 'TSB'],
  [/\bvirgin money\b/i, 'Virgin Money'],
  [/\bclydesdale bank\b/i, 'Clydesdale Bank'],
  [/\bdanske bank\b/i, 'Danske Bank'],
  [/\bulster bank\b/i, 'Ulster Bank'],
  [/\bbank of ireland\b/i, 'Bank of Ireland'],
  [/\btesco bank\b/i, 'Tesco Bank'],
  [/\bsainsbury'?s bank\b/i, "Sainsbury's Bank"],
  [/\bm ?& ?s bank\b/i, 'M&S Bank'],
  [/\bcapital one\b/i, 'Capital One'],
  [/\bmbna\b/i, 'MBNA'],
  [/\bvanquis\b/i, 'Vanquis'],
  [/\bchase uk\b|\bj\.?p\.? ?morgan\b/i, 'Chase UK'],
  [/\bcoutts\b/i, 'Coutts'],
  [/\bkroo\b/i, 'Kroo'],
  [/\byorkshire building society\b/i, 'Yorkshire Building Society'],
  [/\bcoventry building society\b/i, 'Coventry Building Society'],
  [/\bskipton building society\b/i, 'Skipton Building Society'],
  [/\bleeds building society\b/i, 'Leeds Building Society'],
  // Savings providers: their statements name the saver's nominated bank account (where income and
  // withdrawals are paid, 'Lloyds Bank ****4471') below their own name, so they must be known by name.
  [/\bns&i\b|\bnational savings (?:and|&) investments\b/i, 'NS&I'],
  [/\bnewcastle building society\b/i, 'Newcastle Building Society'],
  [/\bwest bromwich building society\b/i, 'West Bromwich Building Society'],
  [/\bkent reliance\b/i, 'Kent Reliance'],
  [/\braisin uk\b/i, 'Raisin UK'],
  // Post Office's savings and cards, provided by Bank of Ireland UK, whose name their footers print after
  // the product's ('Post Office Online Saver is provided by Bank of Ireland (UK) plc'). A product's name,
  // never 'Post Office' alone: other banks' statements print 'bank at the Post Office' in their footers.
  [
    /\bpost office (?:money|online saver|instant saver|growth bond|saver|savings|isa|credit card|card account)\b/i,
    'Post Office',
  ],
];

/**
 * Brands of a bank that count as the bank: a Barclays credit card's statements say Barclaycard; Post Office
 * savings and cards are Bank of Ireland UK's.
 */
const BANK_OF_BRAND: Readonly<Record<string, string>> = {
  Barclaycard: 'Barclays',
  'Post Office': 'Bank of Ireland',
};

/** Whether two recognised institution names are one bank (a brand counts as its bank). */
export function sameBank(a: string, b: string): boolean {
  return (BANK_OF_BRAND[a] ?? a) === (BANK_OF_BRAND[b] ?? b);
}

/** Card issuers: their statements are credit-card statements. */
export const CARD_ISSUERS: ReadonlySet<string> = new Set([
  'American Express',
  'Barclaycard',
  'Capital One',
  'MBNA',
  'Vanquis',
]);

/**
 * The institution named earliest in the given lines (in reading order; within a line, the leftmost name,
 * the longer one on a tie), or null.
 */
export function recogniseInstitution(lines: readonly string[]): string | null {
  for (const line of lines) {
    let best: { index: number; length: number; name: string } | null = null;
    for (const [pattern, name] of INSTITUTIONS) {
      const m = pattern.exec(line);
      if (!m) continue;
      if (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length)) {
        best = { index: m.index, length: m[0].length, name };
      }
    }
    if (best) return best.name;
  }
  return null;
}
