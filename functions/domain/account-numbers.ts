import type { MatchableTransaction, MatchCandidate } from './matching';
import { MATCH_MAX_CONFIDENCE } from './matching';

/**
 * The family's own account numbers (an addition to the spec). A UK statement names its account in its heading:
 * a sort code and an 8-digit account number ('Sort code 20-45-67   Account no. 43218765'), or a card's last
 * four digits ('Card number ending 1234'). Kept on the account, they let the product tell a transfer between
 * the family's own accounts from money in or out, from one side alone: a current account line
 * 'TFR FROM 87654321 SAVINGS' names the savings account, so it is an internal transfer even before the
 * savings statement is uploaded, and when it is, the pair is proposed with the reason
 * 'Names your Easy Saver account'.
 *
 * How a description names an account:
 *  - its 8-digit number as a whole number in the text ('TFR 123123 11111111', 'TFR FROM 87654321 SAVINGS',
 *    'FASTER PAYMENT TO 20-45-67 43218765'); a sort code printed next to it must be the account's when both
 *    are known (the same number at another bank is someone else's account);
 *  - a card ending: 'CARD ENDING 1234', 'CARD ENDING IN 1234', 'CARD NO ...1234', '************1234' with
 *    a payment or card word (a bare 4-digit number is too common: a year, a shop number, a reference).
 * Sort codes are compared as 6 digits ('20-45-67', '20 45 67' and '204567' are the same).
 */

export interface AccountIdentity {
  sort_code: string | null;
  account_number: string | null;
  card_last4: string | null;
}

export interface NumberedAccount extends Partial<AccountIdentity> {
  id: string;
  name: string;
}

const SORT_CODE = /\bsort\s*code\b[\s:.-]*(\d{2})[\s-]?(\d{2})[\s-]?(\d{2})\b/i;
const ACCOUNT_NUMBER = /\b(?:account|acc|a\/c)\.?\s*(?:number|no\.?|num)?[\s:.-]*(\d{8})\b/i;
const CARD_ENDING =
  /\bcard\b[^\n]{0,30}?\b(?:ending|ends)\s*(?:in|with)?[\s:.-]*(\d{4})\b|\bcard\s*(?:number|no\.?)?[\s:.]*(?:[x*•.]{4}[\s-]?){2,3}(\d{4})\b/i;

/** Digits only of a sort code; null unless it is 6 digits. */
export function normaliseSortCode(text: string | null | undefined): string | null {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits.length === 6 ? digits : null;
}

/** The account a statement's heading names (first page text), each part null when not printed. */
export function statementAccountIdentity(text: string): AccountIdentity {
  const sort = SORT_CODE.exec(text);
  const account = ACCOUNT_NUMBER.exec(text);
  const card = CARD_ENDING.exec(text);
  return {
    sort_code: sort ? `${sort[1]}${sort[2]}${sort[3]}` : null,
    account_number: account?.[1] ?? null,
    card_last4: card ? (card[1] ?? card[2] ?? null) : null,
  };
}

/** True when the identity names anything. */
export function hasIdentity(identity: Partial<AccountIdentity> | null | undefined): boolean {
  return Boolean(identity?.account_number || identity?.card_last4);
}

const CARD_IN_DESCRIPTION =
  /\bcard\b[^\n]{0,20}?\b(?:ending|ends|end)\s*(?:in|with)?[\s:.-]*(\d{4})\b|\bcard\s*(?:no\.?|number)?[\s:.]*[x*.]{2,}\s*(\d{4})\b|[x*]{4,}[\s-]?(\d{4})\b/i;
/** A sort code and an account number next to each other: '123123 11111111', '12-31-23 11111111'. */
const SORT_THEN_NUMBER = /(?<![\d-])(\d{2})[\s-]?(\d{2})[\s-]?(\d{2})\s+(\d{8})(?!\d)/;
const EIGHT_DIGITS = /(?<![\d-])(\d{8})(?!\d)/g;

/**
 * The family's account a transaction description names, other than the row's own account; null when it
 * names none (or names a number two of the family's accounts share, which cannot tell them apart).
 */
export function namedAccount<A extends NumberedAccount>(
  description: string,
  accounts: readonly A[],
  ownAccountId?: string | null,
): A | null {
  const others = accounts.filter((a) => a.id !== ownAccountId);
  if (!others.length || !description) return null;
  const found = new Set<A>();
  const paired = SORT_THEN_NUMBER.exec(description);
  const pairedSort = paired ? `${paired[1]}${paired[2]}${paired[3]}` : null;
  for (const m of description.matchAll(EIGHT_DIGITS)) {
    const number = m[1]!;
    for (const a of others) {
      if (a.account_number !== number) continue;
      const sort = normaliseSortCode(a.sort_code);
      // Printed with a sort code: it must be the account's own when the family's account has one.
      if (paired && paired[4] === number && pairedSort && sort && pairedSort !== sort) continue;
      found.add(a);
    }
  }
  const card = CARD_IN_DESCRIPTION.exec(description);
  const last4 = card ? (card[1] ?? card[2] ?? card[3] ?? null) : null;
  if (last4) for (const a of others) if (a.card_last4 === last4) found.add(a);
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * Why a named account makes a row an internal transfer: 'Names your Barclays Savings account' (a nickname
 * that already ends in 'Account' or 'Card', as generated names do, is not followed by 'account' again).
 */
export function namedAccountReason(account: Pick<NumberedAccount, 'name'>): string {
  const name = account.name.trim();
  return /\b(?:account|card|isa|saver)$/i.test(name) ? `Names your ${name}` : `Names your ${name} account`;
}

/** The confidence of the account-number rule: as sure as the rule table's 'TFR followed by numbers'. */
export const NAMED_ACCOUNT_CONFIDENCE = 0.95;

/**
 * Transfer candidates seen with the family's account numbers: a pair where one side names the other side's
 * account is as sure as a match can be (0.95, the cap) and says so first in its reason; a pair where a side
 * names a different one of the family's accounts is dropped (the money went there, not to this account).
 */
export function withNamedAccounts<T extends MatchableTransaction, C extends MatchCandidate<T>>(
  candidates: readonly C[],
  accounts: readonly NumberedAccount[],
): C[] {
  if (!accounts.some(hasIdentity)) return [...candidates];
  const out: C[] = [];
  for (const c of candidates) {
    const { transaction1: a, transaction2: b } = c;
    const namedByA = namedAccount(a.description ?? '', accounts, a.account_id);
    const namedByB = namedAccount(b.description ?? '', accounts, b.account_id);
    if ((namedByA && namedByA.id !== b.account_id) || (namedByB && namedByB.id !== a.account_id)) continue;
    const named = namedByA ?? namedByB;
    if (!named) {
      out.push(c);
      continue;
    }
    out.push({
      ...c,
      confidence: MATCH_MAX_CONFIDENCE,
      reason: `${namedAccountReason(named)}; ${c.reason}`,
    });
  }
  return out;
}
