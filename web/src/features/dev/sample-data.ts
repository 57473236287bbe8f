/**
 * Sample data for the kit's demo pages only (nothing here comes from the API): made-up transactions, banks and
 * accounts, generated the same way every time so the pages look the same on every load.
 */
export interface SampleTransaction {
  id: string;
  date: string;
  description: string;
  amount: number;
  flow: 'income' | 'internal_transfer' | 'external_expense';
}

export interface SampleBank {
  id: string;
  name: string;
  kind: string;
}

const PAYEES = [
  'TESCO STORES 2231',
  'SALARY ACME LTD',
  'TFL TRAVEL CHARGE',
  'TRANSFER TO SAVINGS',
  'COUNCIL TAX DD',
  'OCTOPUS ENERGY',
  'AMAZON MKTPLACE',
  'PRET A MANGER',
  'CHILD BENEFIT',
  'THAMES WATER',
  'CARD PAYMENT TO BARCLAYCARD – THANK YOU, A LONG DESCRIPTION THAT WRAPS ON A PHONE',
] as const;
const FLOWS: SampleTransaction['flow'][] = [
  'external_expense',
  'income',
  'external_expense',
  'internal_transfer',
  'external_expense',
  'external_expense',
  'external_expense',
  'external_expense',
  'income',
  'external_expense',
  'internal_transfer',
];

/** `count` transactions, one a day going back from 31 Oct 2024, with amounts from a fixed sequence. */
export function sampleTransactions(count: number): SampleTransaction[] {
  const start = Date.UTC(2024, 9, 31);
  return Array.from({ length: count }, (_, i) => {
    const kind = i % PAYEES.length;
    const flow = FLOWS[kind] ?? 'external_expense';
    const size = ((i * 7919) % 25_000) / 100 + 1;
    return {
      id: `t${i + 1}`,
      date: new Date(start - Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10),
      description: PAYEES[kind] ?? 'PAYMENT',
      amount: flow === 'income' ? size * 10 : -size,
      flow,
    };
  });
}

export const SAMPLE_BANKS: SampleBank[] = [
  { id: 'barclays', name: 'Barclays', kind: 'Bank' },
  { id: 'hsbc', name: 'HSBC UK', kind: 'Bank' },
  { id: 'lloyds', name: 'Lloyds Bank', kind: 'Bank' },
  { id: 'monzo', name: 'Monzo', kind: 'Fintech' },
  { id: 'nationwide', name: 'Nationwide Building Society', kind: 'Building society' },
  { id: 'starling', name: 'Starling Bank', kind: 'Fintech' },
  { id: 'yorkshire', name: 'Yorkshire Building Society', kind: 'Building society' },
  {
    id: 'long',
    name: 'The Very Long Named Mutual Building Society of the North of England and Wales',
    kind: 'Building society',
  },
];

export const FLOW_LABELS = {
  income: 'Income',
  internal_transfer: 'Internal Transfer',
  external_expense: 'External Expense',
} as const;
export const FLOW_TONES = {
  income: 'success',
  internal_transfer: 'info',
  external_expense: 'danger',
} as const;
