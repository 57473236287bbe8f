import type { AccountType } from '../../../../functions/contracts/accounts';
import { ACCOUNT_TYPE_LABELS } from '../../components/account-types';

/** An account's type as a small line icon, named by the type's label (a bank, a piggy bank, a card, …). */
const PATHS: Record<AccountType, string> = {
  current: 'M3 10h18M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18M12 3l9 5H3z',
  savings: 'M5 11a7 6 0 0 1 14 0v2a7 6 0 0 1-3 4v3h-3v-2h-2v2H8v-3a7 6 0 0 1-3-4zM15 8.5V6l2-1M9 9h4',
  credit: 'M3 6h18v12H3zM3 10h18M6 15h4',
  isa: 'M12 3l8 3v6c0 4.5-3.5 8-8 9-4.5-1-8-4.5-8-9V6zM9 12l2 2 4-4',
  investment: 'M3 20h18M4 16l5-5 4 3 7-8M15 6h5v5',
  mortgage: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6',
};

export function AccountTypeIcon({ type }: { type: AccountType }) {
  return (
    <svg
      className="account-type-icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      role="img"
      aria-label={ACCOUNT_TYPE_LABELS[type]}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <title>{ACCOUNT_TYPE_LABELS[type]}</title>
      <path d={PATHS[type]} />
    </svg>
  );
}
