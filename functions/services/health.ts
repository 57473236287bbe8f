import type { HealthProbe, PartState } from '../shared/ports';

export interface HealthReport {
  ok: boolean;
  parts: Record<string, { state: PartState | 'error'; detail?: string }>;
}

async function runProbes(probes: HealthProbe[]): Promise<HealthReport> {
  const parts: HealthReport['parts'] = {};
  await Promise.all(
    probes.map(async (probe) => {
      try {
        parts[probe.name] = await probe.check();
      } catch {
        parts[probe.name] = { state: 'error' };
      }
    }),
  );
  return { ok: Object.values(parts).every((p) => p.state === 'ok'), parts };
}

/** The round of probes under way in this container, and the probes it runs. */
let underWay: { probes: HealthProbe[]; report: Promise<HealthReport> } | null = null;

/**
 * Each part's state (a probe that throws is 'error'). A check asked for while another round of the same probes
 * is under way in this container takes that round's answer rather than probing every part again: so many
 * callers at once cost one round, and no answer is older than the round it joined.
 */
export function checkHealth(probes: HealthProbe[]): Promise<HealthReport> {
  if (underWay?.probes === probes) return underWay.report;
  const round = {
    probes,
    report: runProbes(probes).finally(() => {
      if (underWay === round) underWay = null;
    }),
  };
  underWay = round;
  return round.report;
}
