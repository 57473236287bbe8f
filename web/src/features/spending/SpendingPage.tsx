import { useId, useMemo, useState } from 'react';
import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type {
  CategoryDto,
  SpendingCategoryDto,
  SpendingQuery,
} from '../../../../functions/contracts/spending';
import { categoryColor, UNCATEGORISED_COLOR } from '../../../../functions/domain/categories';
import { SPENDING_MESSAGES, TOP_CATEGORIES } from '../../../../functions/domain/spending';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatMoneyText, Money } from '../../components/Money';
import { StatTile } from '../../components/StatTile';
import { Tabs } from '../../components/Tabs';
import { useAccounts } from '../accounts/api';
import { useOverviewFigures } from '../overview/api';
import { useCategories, useSpending } from './api';
import { CategoryDetails } from './CategoryDetails';
import {
  DEFAULT_SPENDING_PERIOD,
  openingSpendingPeriod,
  periodMonths,
  SPENDING_PERIODS,
  type SpendingPeriodKey,
} from './periods';
import './spending.css';

/**
 * Spend by Category (spec 3 §2.4, §5, §8, §9): where the family's money goes in a period (it opens on
 * the latest period with data, as the overview does), by category, as a bar chart or a table; filters for the period, the accounts, the transaction type
 * and uncategorised spending; the top 10 categories, each expandable to its subcategories, top 5 merchants
 * and transactions (5 before 'Show all'); whole pounds; average confidence and the data-quality note; hints
 * when statements or transactions are old. Internal transfers never count; refunds reduce their category.
 */
const TYPE_CHOICES: ReadonlyArray<{ value: SpendingQuery['type']; label: string }> = [
  { value: 'all', label: 'All spending (refunds deducted)' },
  { value: 'purchases', label: 'Purchases only' },
  { value: 'refunds', label: 'Refunds only' },
];

const QUALITY = {
  complete: { tone: 'success', label: 'Complete', note: 'More than 20 transactions: a full picture.' },
  partial: { tone: 'warning', label: 'Partial', note: 'Between 6 and 20 transactions: an early picture.' },
  insufficient: {
    tone: 'danger',
    label: 'Insufficient',
    note: '5 transactions or fewer: upload more statements for a useful picture.',
  },
} as const;

const percent = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);

export function colourOf(category: Pick<SpendingCategoryDto, 'id' | 'color'>, position: number): string {
  return category.id === 'uncategorised' ? UNCATEGORISED_COLOR : categoryColor(category.color, position);
}

export function SpendingPage() {
  const id = useId();
  // Until the family picks one: the latest period with data, by the overview's own markers.
  const [picked, setPicked] = useState<SpendingPeriodKey | null>(null);
  const markers = useOverviewFigures(null);
  const opening = markers.isPending ? null : openingSpendingPeriod(markers.data?.periods);
  const period = picked ?? opening ?? DEFAULT_SPENDING_PERIOD;
  const [type, setType] = useState<SpendingQuery['type']>('all');
  const [includeUncategorised, setIncludeUncategorised] = useState(true);
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const accounts = useAccounts();
  const categories = useCategories();
  const active = useMemo(() => (accounts.data ?? []).filter((a) => !a.is_archived), [accounts.data]);
  const months = periodMonths(period, new Date());
  const query = {
    ...months,
    type,
    ...(includeUncategorised ? {} : { uncategorized: 'false' as const }),
    ...(chosen ? { accounts: [...chosen].sort().join(',') } : {}),
  };
  const noAccountChosen = chosen !== null && chosen.size === 0;
  const spending = useSpending(query, picked !== null || opening !== null);
  const data = spending.data;
  const shown = (data?.categories ?? []).slice(0, TOP_CATEGORIES);

  const toggleAccount = (accountId: string) =>
    setChosen((old) => {
      const next = new Set(old ?? active.map((a) => a.id));
      if (next.has(accountId)) next.delete(accountId);
      else next.add(accountId);
      return next;
    });
  const toggleOpen = (categoryId: string) =>
    setOpen((old) => {
      const next = new Set(old);
      if (next.has(categoryId)) next.delete(categoryId);
      else next.add(categoryId);
      return next;
    });

  const failed = spending.isError || accounts.isError;
  const failure = accounts.isError ? SPENDING_MESSAGES.accountsFailed : SPENDING_MESSAGES.spendingFailed;

  return (
    <div className="page spending">
      <div className="page-head">
        <h1>Spend by Category</h1>
        <p className="lede">
          Where your family's money goes. Money moved between your own accounts is never counted as spending,
          and refunds reduce the category they came from.
        </p>
      </div>

      <section className="panel spending-filters" aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`} className="visually-hidden">
          Filters
        </h2>
        <div className="spending-filter-row">
          <label className="spending-filter">
            <span>Period</span>
            <select value={period} onChange={(e) => setPicked(e.target.value as SpendingPeriodKey)}>
              {SPENDING_PERIODS.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <label className="spending-filter">
            <span>Transaction type</span>
            <select value={type} onChange={(e) => setType(e.target.value as SpendingQuery['type'])}>
              {TYPE_CHOICES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <label className="spending-check">
            <input
              type="checkbox"
              checked={includeUncategorised}
              onChange={(e) => setIncludeUncategorised(e.target.checked)}
            />
            <span>Include uncategorized</span>
          </label>
        </div>
        {active.length > 1 && (
          <fieldset className="spending-accounts">
            <legend>Accounts</legend>
            {active.map((account) => (
              <label key={account.id} className="spending-check">
                <input
                  type="checkbox"
                  checked={chosen ? chosen.has(account.id) : true}
                  onChange={() => toggleAccount(account.id)}
                />
                <span>{account.name}</span>
              </label>
            ))}
          </fieldset>
        )}
      </section>

      {failed ? (
        <EmptyState
          title={SPENDING_MESSAGES.loadFailedTitle}
          action={
            <button
              type="button"
              className="button"
              onClick={() => {
                void accounts.refetch();
                void spending.refetch();
              }}
            >
              Try again
            </button>
          }
        >
          <p role="alert">{failure}</p>
        </EmptyState>
      ) : spending.isPending || !data ? (
        <p role="status">Loading spending…</p>
      ) : (
        <>
          {data.hints.stale_activity && (
            <Alert tone="warning" title="No recent statements">
              No account has had a statement for over 14 days. Upload your latest statements to keep these
              figures up to date.
            </Alert>
          )}
          {data.hints.old_transactions && (
            <Alert tone="info" title="Your newest transaction is over 30 days old">
              Spending from the last month will show once newer statements are uploaded.
            </Alert>
          )}
          {noAccountChosen || data.categories.length === 0 ? (
            <EmptyState title={SPENDING_MESSAGES.empty}>{SPENDING_MESSAGES.emptyHint}</EmptyState>
          ) : (
            <>
              <section className="spending-summary" aria-label="Summary">
                <StatTile
                  label="Total spending"
                  value={<Money amount={data.total} decimals={0} />}
                  tone="out"
                />
                <StatTile label="Transactions" value={data.transaction_count.toLocaleString('en-GB')} />
                <StatTile
                  label="Average confidence"
                  value={percent(data.average_confidence)}
                  note="How sure the categories are"
                />
                <StatTile
                  label="Data quality"
                  value={
                    <Badge tone={QUALITY[data.data_quality].tone}>{QUALITY[data.data_quality].label}</Badge>
                  }
                  note={QUALITY[data.data_quality].note}
                />
              </section>
              <section className="panel" aria-labelledby={`${id}-view`}>
                <h2 id={`${id}-view`}>Spending by category</h2>
                <Tabs
                  label="Show spending as"
                  tabs={[
                    { id: 'chart', label: 'Chart', content: <SpendingChart categories={shown} /> },
                    { id: 'table', label: 'Table', content: <SpendingTable categories={shown} /> },
                  ]}
                />
              </section>
              <section className="panel" aria-labelledby={`${id}-list`}>
                <h2 id={`${id}-list`}>Categories</h2>
                {data.categories.length > TOP_CATEGORIES && (
                  <p className="spending-note">
                    The top {TOP_CATEGORIES} of {data.categories.length} categories.
                  </p>
                )}
                <ul className="spending-categories">
                  {shown.map((category, i) => (
                    <li key={category.id} className="spending-category">
                      <button
                        type="button"
                        className="spending-category-head"
                        aria-expanded={open.has(category.id)}
                        aria-controls={`${id}-cat-${category.id}`}
                        onClick={() => toggleOpen(category.id)}
                      >
                        <span
                          className="swatch"
                          style={{ background: colourOf(category, i) }}
                          aria-hidden="true"
                        />
                        <span className="spending-category-name">{category.name}</span>
                        <span className="spending-category-share">{category.percentage}%</span>
                        <Money amount={category.total} decimals={0} />
                      </button>
                      {open.has(category.id) && (
                        <div id={`${id}-cat-${category.id}`} className="spending-category-body">
                          <CategoryDetails
                            category={category}
                            categories={categories.data ?? []}
                            query={query}
                          />
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** Splits a category's name into lines of at most `size` characters, at spaces. */
export function tickLines(name: string, size = 16): string[] {
  const lines: string[] = [];
  for (const word of name.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= size) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A category's name beside its bar: wrapped onto lines that fit the axis, centred on the bar. */
function CategoryTick(props: { x?: number; y?: number; payload?: { value: string } }) {
  const { x = 0, y = 0, payload } = props;
  const lines = tickLines(payload?.value ?? '');
  return (
    <text x={x} y={y} textAnchor="end" fontSize={12} fill="currentColor">
      {lines.map((line, i) => (
        <tspan key={line} x={x - 4} dy={i === 0 ? `${0.35 - (lines.length - 1) * 0.6}em` : '1.2em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function SpendingChart({ categories }: { categories: readonly SpendingCategoryDto[] }) {
  const rows = categories.map((c, i) => ({ name: c.name, total: Math.round(c.total), fill: colourOf(c, i) }));
  const summary = categories.map((c) => `${c.name} ${formatMoneyText(c.total, 0)}`).join(', ');
  return (
    <figure className="spending-chart" aria-label={`Bar chart of spending by category: ${summary}`}>
      <ResponsiveContainer
        width="100%"
        // Each bar has room for its name's lines (two at most for the names in use).
        height={Math.max(
          160,
          rows.length * Math.max(38, ...rows.map((r) => tickLines(r.name).length * 15 + 10)),
        )}
      >
        <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }}>
          <XAxis
            type="number"
            tickFormatter={(v: number) => formatMoneyText(v, 0)}
            // Ticks that would run into each other are left out (a phone has room for two or three).
            interval="preserveStartEnd"
            minTickGap={20}
            tick={{ fontSize: 12 }}
          />
          <YAxis type="category" dataKey="name" width={120} interval={0} tick={<CategoryTick />} />
          <Tooltip formatter={(v) => formatMoneyText(Number(v), 0)} />
          <Bar dataKey="total" name="Spent" isAnimationActive={false}>
            {rows.map((r) => (
              <Cell key={r.name} fill={r.fill} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

function SpendingTable({ categories }: { categories: readonly SpendingCategoryDto[] }) {
  const columns: DataTableColumn<SpendingCategoryDto>[] = [
    { id: 'category', header: 'Category', cell: (c) => c.name, sortValue: (c) => c.name, phone: 'title' },
    {
      id: 'total',
      header: 'Spent',
      cell: (c) => <Money amount={c.total} decimals={0} />,
      sortValue: (c) => c.total,
      align: 'end',
      phone: 'end',
    },
    {
      id: 'share',
      header: 'Share',
      cell: (c) => `${c.percentage}%`,
      sortValue: (c) => c.percentage,
      align: 'end',
      phone: 'detail',
      phoneLabel: true,
    },
    {
      id: 'count',
      header: 'Transactions',
      cell: (c) => c.count,
      phoneLabel: true,
      sortValue: (c) => c.count,
      align: 'end',
      phone: 'detail',
    },
    {
      id: 'merchants',
      header: 'Top merchants',
      cell: (c) =>
        c.top_merchants
          .slice(0, 3)
          .map((m) => m.merchant)
          .join(', ') || '—',
      wrap: true,
    },
    {
      id: 'confidence',
      header: 'Confidence',
      cell: (c) => percent(c.average_confidence),
      sortValue: (c) => c.average_confidence ?? -1,
      align: 'end',
    },
  ];
  return (
    <DataTable
      caption="Spending by category"
      columns={columns}
      rows={categories}
      getRowId={(c) => c.id}
      initialSort={{ id: 'total', desc: true }}
    />
  );
}

export type { CategoryDto };
