import { Link } from 'react-router';
import type { ForecastDto } from '../../../../functions/contracts/bills';
import { Badge } from '../../components/Badge';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import './bills.css';

/**
 * The month-end forecast of the family's current accounts: the expected balance on the month's last day, the
 * range when amounts vary, and what it rests on, all computed by the API from the rows (GET /api/bills).
 */
export function ForecastCard({
  forecast,
  headingLevel = 2,
  link = false,
}: {
  forecast: ForecastDto;
  headingLevel?: 2 | 3;
  /** Link to the Bills & Regular Payments page (on the overview). */
  link?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ranged = forecast.low !== forecast.high;
  return (
    <section className="panel forecast-card" aria-labelledby="forecast-title">
      <Heading id="forecast-title">Month-end forecast</Heading>
      {forecast.in_credit === null ? (
        <p>{forecast.note}</p>
      ) : (
        <>
          <p className="forecast-value">
            <Money amount={forecast.expected} decimals={0} tone="auto" />{' '}
            <Badge tone={forecast.in_credit ? 'success' : 'danger'}>
              {forecast.in_credit ? 'In credit' : 'Overdrawn'}
            </Badge>
          </p>
          <p className="forecast-when">
            Expected in your current accounts on <DateText date={forecast.month_end} />
            {ranged && (
              <>
                {' '}
                (between <Money amount={forecast.low} decimals={0} /> and{' '}
                <Money amount={forecast.high} decimals={0} />)
              </>
            )}
          </p>
          <p className="forecast-note">{forecast.note}</p>
        </>
      )}
      {link && (
        <p>
          <Link className="forecast-link" to="/app/bills">
            See your bills and regular payments
          </Link>
        </p>
      )}
    </section>
  );
}
