import { useBills } from './api';
import { ForecastCard } from './ForecastCard';

/**
 * The Family Overview's month-end forecast: the same figures as Bills & Regular Payments (GET /api/bills),
 * asked for once the overview's own figures have been painted (`ready`), so on a slow phone the request and
 * its answer never hold them back. While they come, a family with rows (`expected`) gets a block of the
 * card's size in its place, so nothing below moves when it arrives; nothing when the family has no rows yet.
 */
export function OverviewForecast({ ready, expected }: { ready: boolean; expected: boolean }) {
  const bills = useBills({ enabled: ready });
  const data = bills.data;
  if (!data)
    return expected && bills.isPending ? <div className="panel skeleton forecast-placeholder" /> : null;
  if (data.transactions_read === 0) return null;
  return <ForecastCard forecast={data.forecast} link />;
}
