import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type {
  CategoryDto,
  SpendingCategoryDto,
  SpendingQuery,
} from '../../../../functions/contracts/spending';
import { transactionPageSchema } from '../../../../functions/contracts/transactions';
import { UNCATEGORISED_ID } from '../../../../functions/domain/categories';
import { endOfMonth } from '../../../../functions/domain/dates';
import { spendingAmount } from '../../../../functions/domain/spending';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY } from '../../api/transaction-events';
import { Alert } from '../../components/Alert';
import { DateText } from '../../components/DateText';
import { Dialog, DialogClose } from '../../components/Dialog';
import { LoadFailed } from '../../components/LoadFailed';
import { Money } from '../../components/Money';
import { useChangeCategory, useSimilarRows } from './api';

/**
 * An expanded category: its subcategories, its top 5 merchants, and its transactions (the 5 largest, then
 * 'Show all': every row of the category in the period). A row's category can be changed, or several at once
 * (select them in 'Show all'); the change is learned for each merchant and applied to its later rows.
 */
export interface CategoryRow {
  id: string;
  account_id: string;
  transaction_date: string;
  description: string;
  merchant_name: string | null;
  amount: number;
}

const SHOWN = 5;
const ALL_LIMIT = 500;

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return endOfMonth(y ?? 2000, m ?? 1);
}

/** Every row of the category in the period (up to 500), from the family's transaction list. */
function useCategoryRows(category: SpendingCategoryDto, query: Partial<SpendingQuery>, enabled: boolean) {
  return useQuery({
    queryKey: [...TRANSACTIONS_KEY, 'spending-rows', category.id, query],
    enabled,
    queryFn: async ({ signal }) => {
      const page = await apiRequest('/transactions', transactionPageSchema, {
        query: {
          from: `${query.from}-01`,
          to: lastDay(query.to ?? query.from ?? ''),
          accounts: query.accounts,
          limit: String(ALL_LIMIT),
        },
        signal,
      });
      const rows: CategoryRow[] = [];
      for (const t of page.transactions) {
        const amount = spendingAmount(t);
        if (amount === null) continue;
        if ((t.category_id ?? UNCATEGORISED_ID) !== category.id) continue;
        if (query.type === 'purchases' && amount < 0) continue;
        if (query.type === 'refunds' && amount >= 0) continue;
        rows.push({ ...t, merchant_name: t.merchant_name ?? null, amount });
      }
      return { rows, more: page.next_cursor !== null };
    },
  });
}

export function CategoryDetails({
  category,
  categories,
  query,
}: {
  category: SpendingCategoryDto;
  categories: readonly CategoryDto[];
  query: Partial<SpendingQuery>;
}) {
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const all = useCategoryRows(category, query, showAll);
  const rows: readonly CategoryRow[] = showAll
    ? (all.data?.rows ?? [])
    : category.transactions.slice(0, SHOWN);
  const chosen = rows.filter((r) => selected.has(r.id));

  return (
    <div className="category-details">
      {category.subcategories.length > 0 && (
        <section aria-labelledby={`${id}-subs`}>
          <h3 id={`${id}-subs`}>Subcategories</h3>
          <ul className="category-facts">
            {category.subcategories.map((s) => (
              <li key={s.id}>
                <span>{s.name}</span> <Money amount={s.total} decimals={0} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={`${id}-merchants`}>
        <h3 id={`${id}-merchants`}>Top merchants</h3>
        <ol className="category-facts">
          {category.top_merchants.map((m) => (
            <li key={m.merchant}>
              <span>{m.merchant}</span> <Money amount={m.total} decimals={0} />
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby={`${id}-rows`}>
        <h3 id={`${id}-rows`}>Transactions</h3>
        {showAll && all.isPending && <p role="status">Loading transactions…</p>}
        {showAll && all.isError && (
          <LoadFailed what="these transactions" onRetry={() => void all.refetch()} />
        )}
        <ul className="category-rows">
          {rows.map((row) => (
            <li key={row.id}>
              {showAll && (
                <input
                  type="checkbox"
                  aria-label={`Select ${row.description}`}
                  checked={selected.has(row.id)}
                  onChange={() =>
                    setSelected((old) => {
                      const next = new Set(old);
                      if (next.has(row.id)) next.delete(row.id);
                      else next.add(row.id);
                      return next;
                    })
                  }
                />
              )}
              <span className="category-row-date">
                <DateText date={row.transaction_date} />
              </span>
              <span className="category-row-text">{row.merchant_name ?? row.description}</span>
              <Money amount={row.amount} decimals={0} />
              <ChangeCategory
                rows={[row]}
                categories={categories}
                current={category.id}
                label={`Change category of ${row.merchant_name ?? row.description}`}
                buttonText="Change"
              />
            </li>
          ))}
        </ul>
        {showAll && all.data?.more && (
          <p className="spending-note">The first {ALL_LIMIT} transactions of the period are shown.</p>
        )}
        <div className="category-actions">
          {!showAll && category.count > rows.length && (
            <button type="button" className="button" onClick={() => setShowAll(true)}>
              Show all {category.count.toLocaleString('en-GB')}
            </button>
          )}
          {showAll && chosen.length > 0 && (
            <ChangeCategory
              rows={chosen}
              categories={categories}
              current={category.id}
              label={`Change category of ${chosen.length} selected`}
              buttonText={`Change category of ${chosen.length} selected`}
              onDone={() => setSelected(new Set())}
            />
          )}
        </div>
      </section>
    </div>
  );
}

function ChangeCategory({
  rows,
  categories,
  current,
  label,
  buttonText,
  onDone,
}: {
  rows: readonly CategoryRow[];
  categories: readonly CategoryDto[];
  current: string;
  label: string;
  buttonText: string;
  onDone?(): void;
}) {
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [withSimilar, setWithSimilar] = useState(false);
  const change = useChangeCategory();
  const parents = useMemo(() => categories.filter((c) => !c.parent_id), [categories]);
  // One row: the family's identical and similar rows already imported, offered to change with it (those
  // already in the chosen category left out).
  const single = rows.length === 1 ? (rows[0] ?? null) : null;
  const similarQuery = useSimilarRows(single, open);
  const similar = (similarQuery.data ?? []).filter(
    (r) => !choice || (r.category_id ?? UNCATEGORISED_ID) !== choice,
  );
  const save = () => {
    if (!choice) return;
    const targets = [...rows, ...(single && withSimilar ? similar : [])];
    change.mutate(
      {
        transactions: targets.map((r) => ({
          id: r.id,
          account_id: r.account_id,
          transaction_date: r.transaction_date,
        })),
        category_id: choice,
      },
      {
        onSuccess: () => {
          setOpen(false);
          setChoice('');
          setWithSimilar(false);
          onDone?.();
        },
      },
    );
  };
  return (
    <Dialog
      title="Change category"
      description={
        rows.length === 1
          ? 'Later transactions from this merchant will get the same category.'
          : `${rows.length} transactions. Later transactions from these merchants will get the same category.`
      }
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="button link" aria-label={label}>
          {buttonText}
        </button>
      }
      footer={
        <>
          <DialogClose>Cancel</DialogClose>
          <button
            type="button"
            className="button primary"
            disabled={!choice || choice === current || change.isPending}
            onClick={save}
          >
            {change.isPending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <label htmlFor={selectId} className="spending-filter">
        <span>Category</span>
      </label>
      <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value="">Choose a category</option>
        {parents.map((p) => {
          const children = categories.filter((c) => c.parent_id === p.id);
          return children.length ? (
            <optgroup key={p.id} label={p.name}>
              <option value={p.id}>{p.name} (general)</option>
              {children.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ) : (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          );
        })}
        <option value={UNCATEGORISED_ID}>Uncategorized</option>
      </select>
      {single && similar.length > 0 && (
        <fieldset className="similar-rows">
          <legend className="visually-hidden">Similar transactions</legend>
          <label className="similar-rows-choice">
            <input type="checkbox" checked={withSimilar} onChange={(e) => setWithSimilar(e.target.checked)} />
            Apply to {similar.length} similar {similar.length === 1 ? 'transaction' : 'transactions'}
          </label>
          <ul className="similar-rows-list" aria-label="Similar transactions already imported">
            {similar.slice(0, SHOWN).map((r) => (
              <li key={r.id}>
                <DateText date={r.transaction_date} /> · {r.merchant_name ?? r.description} ·{' '}
                <Money amount={r.amount} />
              </li>
            ))}
            {similar.length > SHOWN && <li>and {similar.length - SHOWN} more</li>}
          </ul>
        </fieldset>
      )}
      {change.isError && <Alert tone="danger">{change.error.message}</Alert>}
    </Dialog>
  );
}
