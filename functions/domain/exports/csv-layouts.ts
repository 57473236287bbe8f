/**
 * The CSV exports of the main UK banks, recognised by their header rows. Column names are compared
 * lower-cased with spaces collapsed, so 'Transaction Date' and 'Transaction date' are one. Each layout keeps
 * the public evidence it was taken from (importers and parsers whose authors used the banks' own files); where
 * the evidence is thin, it says so. Banks that share one export (Lloyds Banking Group's brands; NatWest and
 * RBS) cannot be told apart by the file, so their institution is left unsaid.
 */
export interface CsvLayout {
  id: string;
  /** The bank(s) the layout belongs to, for people. */
  name: string;
  /** The institution the file names, when only one bank writes this layout. */
  institution: string | null;
  /** Header names that must all be present (lower case). */
  header: readonly string[];
  date: string;
  /** Joined with ' ' (empty ones left out). */
  description: readonly string[];
  /** One signed column (money in positive unless `chargesPositive`). */
  amount?: string;
  /** Money out and money in, each a positive figure. */
  out?: string;
  in?: string;
  balance?: string;
  /** A fee taken with the row (Revolut), subtracted from the amount. */
  fee?: string;
  /** A state column: only rows in `keepStates` are transactions (Revolut's pending and reverted rows are not). */
  state?: { column: string; keep: readonly string[] };
  /** Card exports write a charge as a positive amount. */
  chargesPositive?: boolean;
  card?: boolean;
  /** A column holding the account number (or sort code and number together). */
  accountNumber?: string;
  sortCode?: string;
}

export const CSV_LAYOUTS: readonly CsvLayout[] = [
  {
    // Evidence: Firefly III's import configuration gb/barclays/default.json; many importers show the header
    // 'Number,Date,Account,Amount,Subcategory,Memo' with rows such as
    // ',03/08/2026,20-00-00 12345678,-10.99,PAYMENT,NETFLIX.COM ON 02 AUG BCC' (the Account column is the
    // sort code and number; Number is usually empty).
    id: 'barclays',
    name: 'Barclays',
    institution: 'Barclays',
    header: ['number', 'date', 'account', 'amount', 'subcategory', 'memo'],
    date: 'date',
    description: ['memo'],
    amount: 'amount',
    accountNumber: 'account',
  },
  {
    // Evidence: Firefly III gb/lloyds and gb/halifax configurations; public Lloyds, Halifax and TSB importers
    // all read 'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit
    // Amount,Credit Amount,Balance' with rows like "28/08/2024,FPI,'30-91-74,02344812,NAME REASON,,20.00,
    // 12004.61" (a quote before the sort code; some files end each line with a comma). Bank of Scotland is
    // the same group's online banking. TSB writes the same names in sentence case.
    id: 'lloyds-group',
    name: 'Lloyds, Halifax, Bank of Scotland or TSB',
    institution: null,
    header: [
      'transaction date',
      'transaction type',
      'sort code',
      'account number',
      'transaction description',
      'debit amount',
      'credit amount',
      'balance',
    ],
    date: 'transaction date',
    description: ['transaction description'],
    out: 'debit amount',
    in: 'credit amount',
    balance: 'balance',
    accountNumber: 'account number',
    sortCode: 'sort code',
  },
  {
    // Evidence: NatWest importers and tests in several public projects read 'Date,Type,Description,Value,
    // Balance,Account Name,Account Number' with rows like '20 Jan 2025,BAC,ATLANTIC ROAD ESTA,76.43,
    // -4548.59,ATLANTIC ROAD,521047-17065488' (Account Number is sort code and number); RBS, in the same
    // group, writes the same file.
    id: 'natwest-group',
    name: 'NatWest or RBS',
    institution: null,
    header: ['date', 'type', 'description', 'value', 'balance', 'account name', 'account number'],
    date: 'date',
    description: ['description'],
    amount: 'value',
    balance: 'balance',
    accountNumber: 'account number',
  },
  {
    // Evidence: Nationwide importers in public projects read a preamble ('"Account Name:","FlexAccount
    // ****45678"', '"Account Balance:","£1,252.70"', '"Available Balance: ",...', a blank line) and then
    // '"Date","Transaction type","Description","Paid out","Paid in","Balance"' with rows like
    // '"02 Oct 2026","Payment to","Page and Spine Books","£12.40","","£987.60"'; older files are Windows-1252
    // ('£' as one byte).
    id: 'nationwide',
    name: 'Nationwide',
    institution: 'Nationwide',
    header: ['date', 'transaction type', 'description', 'paid out', 'paid in', 'balance'],
    date: 'date',
    description: ['description'],
    out: 'paid out',
    in: 'paid in',
    balance: 'balance',
  },
  {
    // Evidence: Firefly III gb/monzo configuration; public Monzo importers read 'Transaction ID,Date,Time,
    // Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,
    // Description,Category split,Money Out,Money In' (dates dd/mm/yyyy, Amount signed, no balance).
    id: 'monzo',
    name: 'Monzo',
    institution: 'Monzo',
    header: ['transaction id', 'date', 'time', 'type', 'name', 'emoji', 'category', 'amount'],
    date: 'date',
    description: ['name'],
    amount: 'amount',
  },
  {
    // Evidence: Firefly III gb/starling configuration; a Starling API client's test shows the statement CSV
    // 'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category' with rows like
    // '01/10/2019,An Employer,SALARY,FASTER PAYMENT,1500.00,5500.00,INCOME' (later files add 'Notes').
    id: 'starling',
    name: 'Starling Bank',
    institution: 'Starling Bank',
    header: ['date', 'counter party', 'reference', 'type', 'amount (gbp)', 'balance (gbp)'],
    date: 'date',
    description: ['counter party', 'reference'],
    amount: 'amount (gbp)',
    balance: 'balance (gbp)',
  },
  {
    // Evidence: Firefly III gb/revolut configuration; public Revolut importers read 'Type,Product,Started
    // Date,Completed Date,Description,Amount,Fee,Currency,State,Balance' (dates '2024-01-15 10:23:45';
    // State COMPLETED, PENDING, REVERTED, DECLINED; the balance follows Amount minus Fee).
    id: 'revolut',
    name: 'Revolut',
    institution: 'Revolut',
    header: ['type', 'product', 'started date', 'completed date', 'description', 'amount', 'fee', 'state'],
    date: 'completed date',
    description: ['description'],
    amount: 'amount',
    fee: 'fee',
    balance: 'balance',
    state: { column: 'state', keep: ['completed'] },
  },
  {
    // Evidence (thin: one public project's test): 'Date,Time,Transaction Type,Transaction Description,
    // Amount,Currency,Balance' with rows like '12 August 2026,12:07,Transfer,To Revolving Line Account,
    // -45.67,GBP,954.33'; another public preset notes a title line before the header.
    id: 'chase-uk',
    name: 'Chase UK',
    institution: 'Chase UK',
    header: ['date', 'time', 'transaction type', 'transaction description', 'amount', 'currency', 'balance'],
    date: 'date',
    description: ['transaction description'],
    amount: 'amount',
    balance: 'balance',
  },
  {
    // Evidence: American Express exports read by many public importers: 'Date,Description,Card Member,
    // Account #,Amount' (the longer export adds 'Extended Details,Appears On Your Statement As,Address,
    // Town/City,Postcode,Country,Reference,Category'); a charge is a positive amount, a payment negative;
    // UK files write dates dd/mm/yyyy. 'Account #' is the card's last digits ('-71002').
    id: 'amex',
    name: 'American Express',
    institution: 'American Express',
    header: ['date', 'description', 'card member', 'account #', 'amount'],
    date: 'date',
    description: ['description'],
    amount: 'amount',
    chargesPositive: true,
    card: true,
  },
  {
    // Evidence: Barclaycard's online export as importers describe it, 'Transaction Date,Description,Merchant
    // Name,Card Used,Amount' (thin: no configuration holds a full file); charges positive. Firefly III's
    // gb/barclaycard configuration reads an older headerless 7-column file (date 'd M y', description, two
    // unused, category, credit, debit) — see HEADERLESS below.
    id: 'barclaycard',
    name: 'Barclaycard',
    institution: 'Barclaycard',
    header: ['transaction date', 'description', 'card used', 'amount'],
    date: 'transaction date',
    description: ['description'],
    amount: 'amount',
    chargesPositive: true,
    card: true,
  },
];

/**
 * Column names by role, for a CSV whose layout is none of the above (Santander, first direct, HSBC's newer
 * files, the Co-operative Bank, and any other bank): a date, a description, and one signed amount or money
 * out and money in, and a balance if there is one. Evidence: the column names public importers accept for
 * these banks (e.g. 'Date,Description,Amount,Balance' for Santander and first direct, 'Date,Type,Description,
 * Paid Out,Paid In,Balance' for HSBC, 'Date,Description,Money In,Money Out,Balance').
 */
export const GENERIC_COLUMNS = {
  date: [
    'date',
    'transaction date',
    'posting date',
    'posted date',
    'completed date',
    'value date',
    'txn date',
    'trans date',
    'date of transaction',
  ],
  description: [
    'description',
    'transaction description',
    'details',
    'transaction details',
    'narrative',
    'memo',
    'name',
    'payee',
    'counter party',
    'counterparty',
    'merchant',
    'particulars',
    'reference',
  ],
  amount: ['amount', 'value', 'transaction amount', 'amount (gbp)', 'amount gbp', 'net amount', 'amount (£)'],
  out: [
    'paid out',
    'money out',
    'debit',
    'debit amount',
    'debits',
    'withdrawals',
    'withdrawal',
    'out',
    'payments',
    'spent',
    'money out (£)',
    'paid out (£)',
  ],
  in: [
    'paid in',
    'money in',
    'credit',
    'credit amount',
    'credits',
    'deposits',
    'deposit',
    'in',
    'receipts',
    'received',
    'money in (£)',
    'paid in (£)',
  ],
  balance: ['balance', 'running balance', 'balance (gbp)', 'account balance', 'balance (£)'],
} as const;
