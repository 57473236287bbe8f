import { areaRouter } from '../../../app/http';
import { handler as decideBill } from '../decide-bill';
import { handler as getAccountTypes } from '../get-account-types';
import { handler as getAnalytics } from '../get-analytics';
import { handler as getBills } from '../get-bills';
import { handler as getOverview } from '../get-overview';
import { handler as getPeriodStats } from '../get-period-stats';
import { handler as getSpending } from '../get-spending';

/** The insights area's function: its routes (manifest area 'insights'), dispatched on the event's routeKey. */
export const handler = areaRouter('insights', [
  getOverview,
  getPeriodStats,
  getAccountTypes,
  getAnalytics,
  getSpending,
  getBills,
  decideBill,
]);
