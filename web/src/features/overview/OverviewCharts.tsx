import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { MonthPoint } from '../../../../functions/contracts/insights';
import { formatDashboardMoney } from '../../../../functions/domain/format';

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const label = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
const money = (v: unknown) => formatDashboardMoney(Number(v));

/**
 * The overview's charts (recharts, in their own chunk): money in and out by month, and the net position over
 * those months (the running net). Each chart has a text alternative: the same figures as a table for screen
 * readers.
 */
export function OverviewCharts({ months }: { months: readonly MonthPoint[] }) {
  const data = months.map((m) => ({ ...m, label: label(m.month) }));
  return (
    <div className="overview-charts">
      <figure className="chart">
        <figcaption>Money in and out by month</figcaption>
        <div className="chart-box" aria-hidden="true">
          <ResponsiveContainer width="100%" height={240}>
            <BarChart
              accessibilityLayer={false}
              data={data}
              margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={money} tick={{ fontSize: 12 }} width={72} />
              <Tooltip formatter={money} />
              <Legend />
              <Bar dataKey="money_in" name="Money in" fill="#1a7f4b" isAnimationActive={false} />
              <Bar dataKey="money_out" name="Money out" fill="#b3261e" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="chart">
        <figcaption>Net position over time</figcaption>
        <div className="chart-box" aria-hidden="true">
          <ResponsiveContainer width="100%" height={240}>
            <LineChart
              accessibilityLayer={false}
              data={data}
              margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={money} tick={{ fontSize: 12 }} width={72} />
              <Tooltip formatter={money} />
              <Line
                type="monotone"
                dataKey="cumulative"
                name="Net position"
                stroke="#1f4e99"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <div className="visually-hidden">
        <table>
          <caption>Money in, money out and net position by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Money in</th>
              <th scope="col">Money out</th>
              <th scope="col">Net position</th>
            </tr>
          </thead>
          <tbody>
            {data.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.label}</th>
                <td>{money(m.money_in)}</td>
                <td>{money(m.money_out)}</td>
                <td>{money(m.cumulative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
