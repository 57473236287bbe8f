import { LoadFailed } from '../../components/LoadFailed';
import { Money } from '../../components/Money';
import { noFamily, useBills, useDecideBill } from './api';
import { BillsCalendar } from './BillsCalendar';
import { ForecastCard } from './ForecastCard';
import { SeriesList } from './SeriesList';
import './bills.css';

/**
 * /app/bills, 'Bills & Regular Payments': the regular payments, incomes and savings plans found from the
 * family's statements, the calendar of the coming 30 days and the month-end forecast. Every figure comes
 * from GET /api/bills; the family's decisions go to PUT /api/bills/decisions and win over detection.
 */
export function BillsPage() {
  const bills = useBills();
  const undo = useDecideBill();
  const data = bills.data;
  const accounts = new Map((data?.accounts ?? []).map((a) => [a.id, a.name]));
  return (
    <div className="page bills">
      <div className="page-head">
        <h1>Bills &amp; Regular Payments</h1>
        <p className="lede">
          What goes out and comes in regularly, found from your statements: what is due next, and where the
          month ends.
        </p>
      </div>
      {bills.isPending ? (
        <p role="status">Loading your regular payments...</p>
      ) : bills.isError && !noFamily(bills.error) ? (
        <LoadFailed what="your regular payments" onRetry={() => void bills.refetch()} />
      ) : !data ? (
        <p>Upload your statements to see your regular payments.</p>
      ) : (
        <>
          <ForecastCard forecast={data.forecast} />
          <SeriesList
            id="payments"
            title="Regular payments"
            series={data.payments}
            accounts={accounts}
            yearly={data.yearly.payments}
            empty="No regular payments found yet. A few months of statements show them."
          />
          <SeriesList
            id="incomes"
            title="Regular income"
            series={data.incomes}
            accounts={accounts}
            yearly={data.yearly.incomes}
            empty="No regular income found yet."
          />
          <SeriesList
            id="savings"
            title="Savings plans"
            series={data.savings}
            accounts={accounts}
            yearly={data.yearly.savings}
            empty="No regular transfers to your own accounts found."
          />
          <BillsCalendar bills={data} accounts={accounts} />
          {data.dismissed.length > 0 && (
            <section className="panel" aria-labelledby="dismissed-title">
              <h2 id="dismissed-title">Marked not regular</h2>
              <ul className="dismissed-list">
                {data.dismissed.map((s) => (
                  <li key={s.id}>
                    <span>
                      {s.payee} · <Money amount={s.usual_amount} />
                    </span>
                    <button
                      type="button"
                      className="button"
                      onClick={() => undo.mutate({ series_id: s.id, status: null })}
                      aria-label={`Show ${s.payee} as regular again`}
                    >
                      Undo
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <p className="bills-read">
            Found from {data.transactions_read.toLocaleString('en-GB')} transactions since{' '}
            {new Date(`${data.history_from}T00:00:00Z`).toLocaleDateString('en-GB', {
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
            })}
            .
          </p>
        </>
      )}
    </div>
  );
}
