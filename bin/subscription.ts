import { resolve } from 'node:path';
import { services } from '../functions/app/container';

/**
 * `npm run subscription -- flag <email> team|early [--off]`: the operator marks a family as the team's own or
 * an early adopter's (spec 1 §6: they keep access and never see the trial banners or panel); --off clears it.
 * The family is the one the address is a member of. When a twin runs on PORT (default 3000) the change is made
 * inside it; otherwise on the table of an API-only twin started on DATA_DIR (default .data/); with
 * APP_MODE=aws (and TABLE_NAME, AWS credentials) on the deployed table. Prints one line; exit 1 on failure,
 * 2 on bad usage.
 */
const USAGE = 'usage: npm run subscription -- flag <email> team|early [--off]';
const args = process.argv.slice(2);
const off = args.includes('--off');
const [command, email, flag] = args.filter((a) => a !== '--off');
if (command !== 'flag' || !email || (flag !== 'team' && flag !== 'early') || args.length > 4) {
  console.error(USAGE);
  process.exit(2);
}
const what = flag === 'team' ? 'a team member' : 'an early adopter';

interface Flagged {
  familyId: string;
  info: { is_team_member: boolean; is_early_adopter: boolean; has_access: boolean; status: string };
}

try {
  let out: Flagged;
  let where: string;
  const port = Number(process.env.PORT ?? 3000);
  const running =
    process.env.APP_MODE !== 'aws' &&
    (await fetch(`http://localhost:${port}/api/health`, { signal: AbortSignal.timeout(1500) })
      .then((r) => r.headers.get('content-type')?.includes('json') ?? false)
      .catch(() => false));
  if (running) {
    const response = await fetch(`http://localhost:${port}/local/subscription/flag`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, flag, value: !off }),
    });
    const body = (await response.json()) as Flagged & { message?: string };
    if (!response.ok) throw new Error(body.message ?? `the twin answered ${response.status}`);
    out = body;
    where = `the running twin on port ${port}`;
  } else if (process.env.APP_MODE === 'aws') {
    const { flagFamilyOf } = await import('../functions/services/subscription');
    out = await flagFamilyOf(services(), email, flag, !off);
    where = `table ${process.env.TABLE_NAME}`;
  } else {
    process.env.LOG_LEVEL ??= 'WARN';
    const { startTwin } = await import('../functions/local/server');
    const { flagFamilyOf } = await import('../functions/services/subscription');
    const dataDir = resolve(process.env.DATA_DIR ?? '.data');
    const twin = await startTwin({ port: 0, dataDir, web: 'none' });
    try {
      out = await flagFamilyOf(services(), email, flag, !off);
    } finally {
      await twin.close();
    }
    where = dataDir;
  }
  console.log(
    `subscription: the family of ${email} (${out.familyId}) is ${off ? 'no longer ' : ''}${what} in ${where}; access: ${out.info.has_access ? 'yes' : 'no'}.`,
  );
} catch (error) {
  console.error(`subscription: failed: ${(error as Error).message}`);
  process.exit(1);
}
