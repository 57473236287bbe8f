import type { OverviewResponse } from '../../../../functions/contracts/insights';
import type { PercentageChange } from '../../../../functions/domain/percentage-change';
import { COMPARISON_MESSAGES } from '../../../../functions/domain/periods';
import { Alert } from '../../components/Alert';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';

const TREND_WORD = { up: 'up', down: 'down', flat: 'flat' } as const;

function Change({ change }: { change: PercentageChange }) {
  return (
    <span className={`change change-${change.trend}`}>
      <span aria-hidden="true">{change.trend === 'up' ? '▲' : change.trend === 'down' ? '▼' : '▬'} </span>
      {change.display}
      <span className="visually-hidden"> ({TREND_WORD[change.trend]})</span>
    </span>
  );
}

/**
 * Period Comparison (spec 3 §2.1, §8): Income, Expenses, Net Flow and Transactions against the previous
 * equal-length period, each with its percentage change; 'Insufficient data…' when both periods have fewer
 * than 3 transactions; the limited-data warning; 'Unable to load period comparison data' on failure.
 */
export function PeriodComparison({ data, failed }: { data: OverviewResponse | undefined; failed: boolean }) {
  return (
    <section className="panel" aria-labelledby="comparison-title">
      <h2 id="comparison-title">Period Comparison</h2>
      {failed || !data ? (
        <Alert tone="warning">
          <p>{COMPARISON_MESSAGES.loadFailed}</p>
        </Alert>
      ) : data.comparison.insufficient ? (
        <Alert tone="info" title={COMPARISON_MESSAGES.insufficient}>
          <p>{COMPARISON_MESSAGES.insufficientHint}</p>
        </Alert>
      ) : (
        <>
          <p className="comparison-periods">
            {data.period.label} (<DateText date={data.period.start} /> – <DateText date={data.period.end} />)
            against the {data.previous.label.toLowerCase()} (<DateText date={data.previous.start} /> –{' '}
            <DateText date={data.previous.end} />)
          </p>
          {data.comparison.warning && (
            <Alert tone="warning">
              <p>{data.comparison.warning}</p>
            </Alert>
          )}
          <div className="table-scroll">
            <table className="comparison-table">
              <caption className="visually-hidden">
                {data.period.label} against the {data.previous.label.toLowerCase()}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Figure</th>
                  <th scope="col" className="num">
                    {data.period.label}
                  </th>
                  <th scope="col" className="num">
                    {data.previous.label}
                  </th>
                  <th scope="col" className="num">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Income</th>
                  <td className="num">
                    <Money amount={data.summary.totalIncome} decimals={0} />
                  </td>
                  <td className="num">
                    <Money amount={data.previous_stats.totalIncome} decimals={0} />
                  </td>
                  <td className="num">
                    <Change change={data.comparison.income} />
                  </td>
                </tr>
                <tr>
                  <th scope="row">Expenses</th>
                  <td className="num">
                    <Money amount={data.summary.totalExpenses} decimals={0} />
                  </td>
                  <td className="num">
                    <Money amount={data.previous_stats.totalExpenses} decimals={0} />
                  </td>
                  <td className="num">
                    <Change change={data.comparison.expenses} />
                  </td>
                </tr>
                <tr>
                  <th scope="row">Net Flow</th>
                  <td className="num">
                    <Money amount={data.summary.netFlow} decimals={0} />
                  </td>
                  <td className="num">
                    <Money amount={data.previous_stats.netFlow} decimals={0} />
                  </td>
                  <td className="num">
                    <Change change={data.comparison.netFlow} />
                  </td>
                </tr>
                <tr>
                  <th scope="row">Transactions</th>
                  <td className="num">{data.summary.transactionCount.toLocaleString('en-GB')}</td>
                  <td className="num">{data.previous_stats.transactionCount.toLocaleString('en-GB')}</td>
                  <td className="num">
                    <Change change={data.comparison.transactions} />
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
