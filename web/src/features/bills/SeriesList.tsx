import { useRef, useState } from 'react';
import type { RegularSeriesDto } from '../../../../functions/contracts/bills';
import { FREQUENCY_LABELS } from '../../../../functions/domain/recurring';
import { Badge } from '../../components/Badge';
import { DateText } from '../../components/DateText';
import { Menu, type MenuItem } from '../../components/Menu';
import { Money } from '../../components/Money';
import { useCategories } from '../spending/api';
import { useDecideBill } from './api';
import { SeriesEditDialog } from './SeriesEditDialog';

const STATUS = {
  active: null,
  missed: { tone: 'warning', label: 'Missed' },
  ended: { tone: 'neutral', label: 'Ended' },
} as const;

/**
 * One kind of regular series (payments, incomes or savings plans) as cards: payee, category, account, usual
 * amount or range, frequency, last paid, next expected and yearly cost, a missed or unusual payment marked,
 * and the family's actions (confirm, rename, category, not regular, ended) in a menu.
 */
export function SeriesList({
  title,
  id,
  series,
  accounts,
  empty,
  yearly,
}: {
  title: string;
  id: string;
  series: readonly RegularSeriesDto[];
  accounts: ReadonlyMap<string, string>;
  empty: string;
  yearly: number;
}) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <div className="bills-section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {series.length > 0 && (
          <p className="bills-yearly">
            <Money amount={yearly} decimals={0} /> a year
          </p>
        )}
      </div>
      {series.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="series-list">
          {series.map((s) => (
            <SeriesCard key={s.id} series={s} account={accounts.get(s.account_id) ?? 'Unknown account'} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SeriesCard({ series: s, account }: { series: RegularSeriesDto; account: string }) {
  const categories = useCategories();
  const decide = useDecideBill();
  const [editing, setEditing] = useState<'name' | 'category' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const category = categories.data?.find((c) => c.id === s.category_id)?.name ?? 'No category';
  const status = STATUS[s.status];
  const ranged = s.min_amount !== s.max_amount;
  const say = (body: Parameters<typeof decide.mutate>[0]) => decide.mutate(body);
  const items: MenuItem[] = [
    ...(s.confirmed
      ? []
      : [{ label: 'Confirm', onSelect: () => say({ series_id: s.id, status: 'confirmed' }) }]),
    { label: 'Rename…', onSelect: () => setEditing('name') },
    { label: 'Change category…', onSelect: () => setEditing('category') },
    s.status === 'ended'
      ? { label: 'Not ended', onSelect: () => say({ series_id: s.id, status: null }) }
      : { label: 'It has ended', onSelect: () => say({ series_id: s.id, status: 'ended' }) },
    { label: 'Not regular', onSelect: () => say({ series_id: s.id, status: 'not_regular' }), tone: 'danger' },
  ];
  return (
    <li className="series-card">
      <div className="series-head">
        <h3 className="series-payee">{s.payee}</h3>
        <div className="series-badges">
          {s.confirmed && <Badge tone="success">Confirmed</Badge>}
          {status && <Badge tone={status.tone}>{status.label}</Badge>}
          {s.unusual && <Badge tone="danger">Unusually large</Badge>}
        </div>
        <Menu
          label="Actions"
          buttonLabel={`Actions for ${s.payee}`}
          items={items}
          align="end"
          triggerRef={trigger}
        />
      </div>
      {s.note && <p className="series-note">{s.note}</p>}
      <dl className="series-facts">
        <div>
          <dt>Usual amount</dt>
          <dd>
            <Money amount={s.usual_amount} />
            {ranged && (
              <span className="series-range">
                {' '}
                (<Money amount={s.min_amount} />–<Money amount={s.max_amount} />)
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Frequency</dt>
          <dd>
            {FREQUENCY_LABELS[s.frequency]}
            {s.instalments ? ` (${s.instalments} instalments)` : ''}
          </dd>
        </div>
        <div>
          <dt>Last paid</dt>
          <dd>
            <DateText date={s.last_date} />
          </dd>
        </div>
        <div>
          <dt>Next expected</dt>
          <dd>{s.next_date ? <DateText date={s.next_date} /> : 'Not expected'}</dd>
        </div>
        <div>
          <dt>Yearly</dt>
          <dd>
            <Money amount={s.yearly_cost} />
          </dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{category}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{account}</dd>
        </div>
      </dl>
      {decide.isError && (
        <p className="field-error" role="alert">
          {decide.error.message}
        </p>
      )}
      {editing && (
        <SeriesEditDialog
          series={s}
          field={editing}
          categories={categories.data ?? []}
          onClose={() => {
            setEditing(null);
            trigger.current?.focus();
          }}
        />
      )}
    </li>
  );
}
