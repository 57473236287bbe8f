import { useBills } from './api';
import { ForecastCard } from './ForecastCard';

/**
 * The Family Overview's month-end forecast: the same figures as Bills & Regular Payments (GET /api/bills),
 * shown once they are there; nothing while they load or when the family has no rows yet.
 */
export function OverviewForecast() {
  const bills = useBills();
  const data = bills.data;
  if (!data || data.transactions_read === 0) return null;
  return <ForecastCard forecast={data.forecast} link />;
}
