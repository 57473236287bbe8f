import { findMerchant as knownMerchant, type MerchantCategory } from '../merchants';
import { merchantOf } from '../spending';
import type { Transaction } from '../types';

/**
 * The category and merchant of a row, as the assistant reads them. The row's own `primary_category` and
 * `merchant_name` (spec 3 §3) win when present; until rows carry them, spending is put in a category from the
 * UK merchant list (functions/domain/merchants.ts), and anything else is 'Uncategorized'. This is the one
 * place the assistant reads categories from, so when categorised rows land nothing else changes.
 */
export type CategorisedRow = Pick<Transaction, 'description' | 'primary_category' | 'merchant_name'>;

export const UNCATEGORIZED = 'Uncategorized';

const BY_MERCHANT_KIND: Record<MerchantCategory, string> = {
  supermarket: 'Groceries',
  food: 'Eating Out',
  utilities: 'Bills & Utilities',
  telecoms: 'Phone & broadband',
  streaming: 'Streaming & subscriptions',
  fuel: 'Fuel',
  transport: 'Transport',
  online_retail: 'Shopping',
  retail: 'Shopping',
};

export function categoryOf(row: CategorisedRow): string {
  const own = row.primary_category?.trim();
  if (own) return own;
  const known = knownMerchant(row.description ?? '');
  return known ? BY_MERCHANT_KIND[known.category] : UNCATEGORIZED;
}

/** The merchant or payee of a row: merchant_name, else a known UK merchant, else its cleaned description. */
export function payeeOf(row: CategorisedRow): string {
  return merchantOf({ merchant_name: row.merchant_name ?? null, description: row.description ?? '' });
}

/** True when the row is at the named merchant: its payee, or its description, holds the name as words. */
export function atMerchant(row: CategorisedRow, merchant: string): boolean {
  const want = simplify(merchant);
  if (!want) return false;
  const words = (s: string) => ` ${simplify(s)} `;
  return words(payeeOf(row)).includes(` ${want} `) || words(row.description ?? '').includes(` ${want} `);
}

function simplify(s: string): string {
  return s
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();
}

/** Same category, whatever the case or a trailing plural ('grocery' names 'Groceries' only via the vocabulary). */
export function sameCategory(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().trim();
  return norm(a) === norm(b);
}
