import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import {
  ACKNOWLEDGEMENTS,
  recordedAcknowledgements,
  unacknowledgedFindings,
} from '../../infra/nag-suppressions';
import { type Synthesized, synthesize } from './app';

/**
 * cdk-nag AwsSolutions over the whole app, as `npm run synth` runs it: a validation plugin that fails the
 * synth on any unacknowledged finding (so beforeAll itself would fail), plus an explicit second look.
 */
let s: Synthesized;
beforeAll(() => {
  s = synthesize({ stage: 'dev', nag: true });
});
afterAll(() => s.cleanup());

const ours = () =>
  recordedAcknowledgements(s.app)
    .filter((a) => a.id.includes('AwsSolutions-'))
    .map((a) => ({ ...a, rule: a.id.slice(a.id.indexOf('AwsSolutions-')) }));

/** What may be acknowledged at all, and where. Everything else must be fixed, not acknowledged. */
const ALLOWED: Array<{ rule: RegExp; path?: RegExp }> = [
  {
    rule: /^AwsSolutions-L1$/,
    path: /\/([A-Za-z0-9]+\/Function|Custom::CDKBucketDeployment[^/]+\/Resource)$/,
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    path: /\/([A-Za-z0-9]+\/Role|StatementPipeline|ClassificationJobMachine)$/,
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::.*(PdfUploads|-pdfs-).*\/\*\]$/,
    path: /\/Role\/DefaultPolicy\/Resource$/,
  },
  {
    rule: /^AwsSolutions-(IAM4|IAM5)\[.+\]$/,
    path: /(Custom::CDKBucketDeployment|BucketNotificationsHandler|Provider\/framework-onEvent)/,
  },
  // A cross-region inference profile (the assistant's default model) routes each call to its model in one of
  // the profile's regions: the model's ARN has a region wildcard, on the function's own role.
  {
    rule: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:bedrock:\*::foundation-model\/[a-z0-9.:-]+\]$/,
    path: /\/[A-Za-z0-9]+\/Role$/,
  },
  { rule: /^AwsSolutions-COG(2|3|8)$/, path: /-Auth\/Users$/ },
  { rule: /^AwsSolutions-SMG4$/, path: /-Auth\/MagicLinkSecret$/ },
  { rule: /^AwsSolutions-SMG4$/, path: /-Api\/StripeSecret$/ },
  { rule: /^AwsSolutions-CFR(1|2|4)$/, path: /-Web\/Cdn$/ },
  { rule: /^AwsSolutions-S1$/, path: /\/AccessLogs$/ },
  { rule: /^AwsSolutions-APIG4$/, path: /-Api\/Api\/[A-Z]+--/ },
];

describe('cdk-nag AwsSolutions', () => {
  it('has zero unacknowledged findings', () => {
    expect(unacknowledgedFindings(s.app)).toEqual([]);
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('gives every acknowledgement a specific reason', () => {
    const acks = recordedAcknowledgements(s.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.reason.trim().length, `${ack.id} at ${ack.path}`).toBeGreaterThan(30);
    }
    for (const ack of ACKNOWLEDGEMENTS) expect(ack.reason.trim().length).toBeGreaterThan(30);
  });

  it('acknowledges only the accepted rules, where they are accepted', () => {
    for (const ack of ours()) {
      const allowed = ALLOWED.some((a) => a.rule.test(ack.rule) && (!a.path || a.path.test(ack.path)));
      expect(allowed, `${ack.rule} at ${ack.path}`).toBe(true);
    }
  });

  it('acknowledges APIG4 (no authorizer) on exactly the public routes of the manifest', () => {
    const publicRoutes = FUNCTIONS.flatMap((f) =>
      f.trigger.type === 'http' ? f.trigger.routes.filter((r) => r.scope === 'public') : [],
    ).map((r) => `${r.method}--${r.path.replace(/\//g, '--').replace(/^--/, '')}`);
    const acknowledged = ours()
      .filter((a) => a.rule === 'AwsSolutions-APIG4')
      .map((a) => a.path.split('/').pop() ?? '');
    expect(acknowledged.sort()).toEqual(publicRoutes.sort());
  });

  it('uses every central acknowledgement (none is stale)', () => {
    const used = ours();
    for (const ack of ACKNOWLEDGEMENTS) {
      expect(
        used.some((u) => ack.rule.test(u.rule) && ack.path.test(u.path)),
        ack.rule.source,
      ).toBe(true);
    }
  });
});
