import type { BillsResponse } from '../../../../functions/contracts/bills';
import { Badge } from '../../components/Badge';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';

/**
 * The coming 30 days: what is due on which day and from which account, each with the account's balance
 * after it (from its latest statement balance), a shortfall marked before it happens.
 */
export function BillsCalendar({
  bills,
  accounts,
}: {
  bills: BillsResponse;
  accounts: ReadonlyMap<string, string>;
}) {
  const days = new Map<string, BillsResponse['calendar']>();
  for (const e of bills.calendar) days.set(e.date, [...(days.get(e.date) ?? []), e]);
  const withBalance = bills.accounts.filter((a) => a.balance !== null);
  return (
    <section className="panel" aria-labelledby="calendar-title">
      <h2 id="calendar-title">Coming 30 days</h2>
      {withBalance.length > 0 && (
        <ul className="calendar-balances" aria-label="Latest statement balances">
          {withBalance.map((a) => (
            <li key={a.id}>
              <span>{a.name}</span> <Money amount={a.balance ?? 0} tone="auto" />{' '}
              <span className="calendar-as-of">
                on <DateText date={a.balance_as_of ?? ''} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {days.size === 0 ? (
        <p>Nothing regular is due in the next 30 days.</p>
      ) : (
        <ol className="calendar-days">
          {[...days].map(([date, entries]) => (
            <li key={date}>
              <h3 className="calendar-date">
                <DateText date={date} />
              </h3>
              <ul className="calendar-entries">
                {entries.map((e) => (
                  <li key={e.series_id} className="calendar-entry">
                    <span className="calendar-payee">{e.payee}</span>
                    <span className="calendar-account">
                      {accounts.get(e.account_id) ?? 'Unknown account'}
                    </span>
                    <Money amount={e.amount} tone="auto" />
                    {e.balance_after !== null && (
                      <span className="calendar-after">
                        Balance after <Money amount={e.balance_after} />
                      </span>
                    )}
                    {e.shortfall && <Badge tone="danger">Shortfall</Badge>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
