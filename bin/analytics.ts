import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm run analytics [-- --days 30] [-- --table <name> [--region eu-west-2]]`: the landing page's A/B report
 * (views, conversions, rate and significance per test and variant) and its measures, from the events in the
 * table. With --table, the AWS table of that name (credentials from the environment); otherwise the twin's:
 * the running twin on PORT (default 3000), else its data in DATA_DIR (default .data/). Exit 1 on failure,
 * 2 on bad arguments.
 */
let args: { days: number; table?: string; region?: string };
try {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '30' },
      table: { type: 'string' },
      region: { type: 'string' },
    },
  });
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 400)
    throw new Error('--days must be a whole number from 1 to 400');
  args = { days, table: values.table, region: values.region };
} catch (error) {
  console.error(`analytics: ${(error as Error).message}`);
  console.error('usage: npm run analytics -- [--days 30] [--table <name> [--region <region>]]');
  process.exit(2);
}

const dayList = (days: number, now = new Date()) =>
  Array.from({ length: days }, (_, i) =>
    new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );

async function report(): Promise<string> {
  const { eventsOfDay } = await import('../functions/adapters/dynamodb/analytics-repository');
  const { formatAnalyticsReport } = await import('../functions/domain/analytics-report');
  const days = dayList(args.days);
  const events = (await Promise.all(days.map((d) => eventsOfDay(d)))).flat();
  return formatAnalyticsReport(events, { from: days[0] ?? '', to: days.at(-1) ?? '' });
}

try {
  process.env.LOG_LEVEL ??= 'WARN';
  if (args.table) {
    process.env.APP_MODE = 'aws';
    process.env.TABLE_NAME = args.table;
    if (args.region) process.env.AWS_REGION = args.region;
    console.log(await report());
  } else {
    const port = Number(process.env.PORT ?? 3000);
    const status = await fetch(`http://localhost:${port}/local/status`, { signal: AbortSignal.timeout(1500) })
      .then((r) => (r.ok ? (r.json() as Promise<{ dynamodb?: string }>) : null))
      .catch(() => null);
    const { TABLE_NAME } = await import('../functions/local/server');
    if (status?.dynamodb) {
      Object.assign(process.env, { APP_MODE: 'local', TABLE_NAME, DYNAMODB_ENDPOINT: status.dynamodb });
      console.log(await report());
    } else {
      const { startTwin } = await import('../functions/local/server');
      const twin = await startTwin({
        port: 0,
        dataDir: resolve(process.env.DATA_DIR ?? '.data'),
        web: 'none',
      });
      try {
        console.log(await report());
      } finally {
        await twin.close();
      }
    }
  }
} catch (error) {
  console.error(`analytics: failed: ${(error as Error).message}`);
  process.exit(1);
}
