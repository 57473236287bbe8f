import { type AccountItem, listAccounts, updateAccount } from '../adapters/dynamodb/account-repository';
import {
  ACCOUNT_NUMBER_MESSAGES,
  type AccountNumbers,
  type AccountNumbersList,
  type AccountNumbersRequest,
  type AccountNumbersResponse,
} from '../contracts/account-numbers';
import { hasIdentity } from '../domain/account-numbers';
import type { FamilyContext } from '../shared/context';
import { ConflictError, NotFoundError } from '../shared/errors';
import type { Ports } from '../shared/ports';
import { relabelRowsNaming } from './matches';

/** The ports this service's use cases are handed (the composition root passes them). */
export type AccountNumbersDeps = Pick<Ports, 'now'>;

/**
 * The family's own account numbers: listed for the matching screen, and set by hand for an account whose
 * statements never name it (or are never uploaded). Setting them relabels the family's rows that name the
 * account (services/matches.ts relabelRowsNaming), which also reports them to rowsChanged.
 */
const toNumbers = (a: AccountItem): AccountNumbers => ({
  account_id: a.id,
  name: a.name,
  account_type: a.account_type,
  sort_code: a.sort_code ?? null,
  account_number: a.account_number ?? null,
  card_last4: a.card_last4 ?? null,
});

export async function familyAccountNumbers(family: FamilyContext): Promise<AccountNumbersList> {
  const accounts = await listAccounts(family.familyId);
  return { accounts: accounts.filter((a) => !a.is_archived).map(toNumbers) };
}

const clean = (value: string | null | undefined) =>
  value === undefined
    ? undefined
    : value === null || value.trim() === ''
      ? null
      : value.replace(/[\s-]/g, '');

export async function setAccountNumbers(
  deps: AccountNumbersDeps,
  family: FamilyContext,
  accountId: string,
  request: AccountNumbersRequest,
): Promise<AccountNumbersResponse> {
  const { familyId } = family;
  const accounts = await listAccounts(familyId);
  const account = accounts.find((a) => a.id === accountId);
  if (!account) throw new NotFoundError(ACCOUNT_NUMBER_MESSAGES.notFound);
  const changes = {
    sort_code: clean(request.sort_code),
    account_number: clean(request.account_number),
    card_last4: clean(request.card_last4),
  };
  const next = {
    ...account,
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  };
  const taken = accounts.some(
    (a) =>
      a.id !== accountId &&
      ((next.account_number && a.account_number === next.account_number) ||
        (next.card_last4 && a.card_last4 === next.card_last4)),
  );
  if (taken) throw new ConflictError(ACCOUNT_NUMBER_MESSAGES.taken);
  const saved = await updateAccount(familyId, accountId, changes);
  if (!saved) throw new NotFoundError(ACCOUNT_NUMBER_MESSAGES.notFound);
  const now = accounts.map((a) => (a.id === accountId ? saved : a));
  const relabelled = hasIdentity(saved) ? await relabelRowsNaming(deps, familyId, saved, now) : [];
  return { account: toNumbers(saved), relabelled: relabelled.length };
}
