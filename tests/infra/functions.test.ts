import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_INDEXES } from '../../functions/adapters/dynamodb/table-definition';
import { deployedFunctions, type Need } from '../../functions/handlers/manifest';
import { DEFAULT_ASSISTANT_MODEL_ID, DEFAULT_BEDROCK_MODEL_ID } from '../../infra/settings';
import {
  ACTIONS_BY_NEED,
  actionsOf,
  allStatements,
  BASELINE_ACTIONS,
  environmentOf,
  lambdaOf,
  resources,
  resourcesOf,
  type StackKey,
  type Synthesized,
  stackOf,
  statementsOf,
  synthesize,
} from './app';

/**
 * Every deployed function (each HTTP area's, and every other manifest function), wherever its trigger places
 * it: the one construct's defaults and IAM.
 */
const FUNCTIONS = deployedFunctions();
let s: Synthesized;
beforeAll(() => {
  s = synthesize({ stage: 'dev' });
});
afterAll(() => s.cleanup());

const STACKS: StackKey[] = ['data', 'auth', 'api', 'web', 'pipeline'];
const ENV_BY_NEED: Partial<Record<Need, string>> = {
  'table:read': 'TABLE_NAME',
  'table:write': 'TABLE_NAME',
  'uploads:read': 'UPLOAD_BUCKET',
  'uploads:write': 'UPLOAD_BUCKET',
  'uploads:delete': 'UPLOAD_BUCKET',
  'uploads:list': 'UPLOAD_BUCKET',
  'pipeline:start': 'STATE_MACHINE_ARN',
  'jobs:start': 'CLASSIFICATION_JOB_ARN',
  bedrock: 'BEDROCK_MODEL_ID',
  'bedrock:assistant': 'ASSISTANT_MODEL_ID',
  'ses:send': 'MAIL_FROM',
  'magic-link-secret': 'MAGIC_LINK_SECRET_NAME',
  'stripe-secret': 'STRIPE_SECRET_NAME',
};

describe('every deployed function', () => {
  it('exists exactly once, in the stack its trigger belongs to', () => {
    const ours = STACKS.flatMap((key) =>
      Object.keys(resources(s.templates[key], 'AWS::Lambda::Function')).filter((id) =>
        FUNCTIONS.some((f) => new RegExp(`^${f.id}Function[0-9A-F]{8}$`).test(id)),
      ),
    );
    expect(ours).toHaveLength(FUNCTIONS.length);
    for (const spec of FUNCTIONS) expect(() => lambdaOf(s.templates[stackOf(spec)], spec)).not.toThrow();
  });

  it('runs Node 22 on arm64 (the page-drawing pages area on x86_64), handler index.handler, X-Ray active, its own log group, manifest timeout/memory', () => {
    for (const spec of FUNCTIONS) {
      const [, fn] = lambdaOf(s.templates[stackOf(spec)], spec);
      expect(fn.Properties, spec.id).toMatchObject({
        Runtime: 'nodejs22.x',
        // The native canvas that draws statement pages is installed for x86_64 only (pdfjs-layer.ts).
        Architectures: [spec.id === 'PagesApi' ? 'x86_64' : 'arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: expect.stringMatching(new RegExp(`^${spec.id}Logs`)) } },
      });
      if (spec.timeoutSeconds) expect(fn.Properties?.Timeout, spec.id).toBe(spec.timeoutSeconds);
      expect(fn.Properties?.MemorySize, spec.id).toBe(spec.memoryMb ?? 512);
      if (spec.trigger.type === 'http') expect(fn.Properties?.Timeout, spec.id).toBeLessThanOrEqual(29);
    }
  });

  it('gets the reserved environment and exactly the variables its needs call for', () => {
    for (const spec of FUNCTIONS) {
      const env = environmentOf(lambdaOf(s.templates[stackOf(spec)], spec)[1]);
      expect(env, spec.id).toMatchObject({
        APP_MODE: 'aws',
        STAGE: 'dev',
        POWERTOOLS_SERVICE_NAME: 'family-finance',
        NODE_OPTIONS: '--enable-source-maps',
      });
      for (const [need, variable] of Object.entries(ENV_BY_NEED)) {
        const needed = FUNCTIONS.find((f) => f.id === spec.id)?.needs.some(
          (n) => ENV_BY_NEED[n] === variable,
        );
        expect(env[variable] !== undefined, `${spec.id} ${variable} (${need})`).toBe(Boolean(needed));
      }
      // Stripe's keys are never in any function's environment: the billing function gets the secret's name.
      const stripe = Object.keys(env).filter((k) => k.startsWith('STRIPE_') || k.includes('SECRET_KEY'));
      expect(stripe, spec.id).toEqual(spec.id === 'SubscriptionApi' ? ['STRIPE_SECRET_NAME'] : []);
    }
  });

  it('has its own role whose actions are exactly those of its needs (+ logs and X-Ray)', () => {
    for (const spec of FUNCTIONS) {
      const actions = new Set(statementsOf(s.templates[stackOf(spec)], spec).flatMap(actionsOf));
      const expected = new Set([...BASELINE_ACTIONS, ...spec.needs.flatMap((n) => ACTIONS_BY_NEED[n])]);
      expect([...actions].sort(), spec.id).toEqual([...expected].sort());
      const [, fn] = lambdaOf(s.templates[stackOf(spec)], spec);
      expect(JSON.stringify(fn.Properties?.Role)).toMatch(new RegExp(`"${spec.id}Role[0-9A-F]{8}"`));
    }
    const managed = STACKS.flatMap((key) =>
      Object.entries(resources(s.templates[key], 'AWS::IAM::Role'))
        .filter(([id]) => FUNCTIONS.some((f) => new RegExp(`^${f.id}Role[0-9A-F]{8}$`).test(id)))
        .flatMap(([, role]) => (role.Properties?.ManagedPolicyArns as unknown[] | undefined) ?? []),
    );
    expect(managed).toEqual([]);
  });

  it('reads the table and its indexes by name; writes only the table', () => {
    for (const spec of FUNCTIONS) {
      for (const st of statementsOf(s.templates[stackOf(spec)], spec)) {
        const actions = actionsOf(st);
        const targets = JSON.stringify(resourcesOf(st));
        if (actions.includes('dynamodb:Query')) {
          expect(resourcesOf(st), spec.id).toHaveLength(1 + TABLE_INDEXES.length);
          for (const index of TABLE_INDEXES) expect(targets).toContain(`/index/${index.indexName}`);
          expect(targets).not.toContain('index/*');
        }
        if (actions.includes('dynamodb:PutItem')) {
          expect(resourcesOf(st), spec.id).toHaveLength(1);
          expect(targets).not.toContain('/index/');
        }
      }
    }
  });

  it('a table:read-only function has no write action of any kind', () => {
    const readers = FUNCTIONS.filter((f) => f.needs.length === 1 && f.needs[0] === 'table:read');
    expect(readers.length).toBeGreaterThan(0);
    for (const spec of readers) {
      const actions = statementsOf(s.templates[stackOf(spec)], spec)
        .flatMap(actionsOf)
        .filter((a) => !BASELINE_ACTIONS.includes(a));
      expect(actions.sort(), spec.id).toEqual([
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:Query',
      ]);
      expect(
        actions.filter((a) => /Put|Update|Delete|Write|Start|Send|Invoke/.test(a)),
        spec.id,
      ).toEqual([]);
    }
  });

  it('uses Resource "*" only for actions without resource-level permissions (X-Ray, Textract)', () => {
    for (const spec of FUNCTIONS) {
      for (const st of statementsOf(s.templates[stackOf(spec)], spec)) {
        if (!resourcesOf(st).includes('*')) continue;
        for (const action of actionsOf(st)) expect(action, spec.id).toMatch(/^(xray|textract):/);
      }
    }
  });

  it('scopes S3 grants to the uploads bucket objects, Bedrock to the configured model, SES to the identity', () => {
    for (const spec of FUNCTIONS) {
      for (const st of statementsOf(s.templates[stackOf(spec)], spec)) {
        const targets = JSON.stringify(resourcesOf(st));
        if (actionsOf(st).some((a) => a.startsWith('s3:'))) {
          expect(targets, spec.id).toMatch(/PdfUploads[0-9A-F]{8}|family-finance-dev-pdfs-/);
          // Object actions on the bucket's objects; listing (s3:ListBucket) on the bucket itself, alone.
          if (actionsOf(st).includes('s3:ListBucket')) {
            expect(actionsOf(st), spec.id).toEqual(['s3:ListBucket']);
            expect(resourcesOf(st), spec.id).toHaveLength(1);
            expect(targets, spec.id).not.toMatch(/\/\*"/);
          } else expect(targets, spec.id).toMatch(/\/\*"/);
        }
        if (actionsOf(st).includes('bedrock:InvokeModel')) {
          // the classifier's model, or the assistant's own (an inference profile and its model)
          const model = spec.needs.includes('bedrock:assistant')
            ? DEFAULT_ASSISTANT_MODEL_ID.replace(/^eu\./, '')
            : DEFAULT_BEDROCK_MODEL_ID;
          expect(targets, spec.id).toContain(`:foundation-model/${model}`);
          if (spec.needs.includes('bedrock:assistant'))
            expect(targets, spec.id).toContain(`:inference-profile/${DEFAULT_ASSISTANT_MODEL_ID}`);
          expect(targets, spec.id).not.toContain(
            spec.needs.includes('bedrock:assistant') ? DEFAULT_BEDROCK_MODEL_ID : 'sonnet',
          );
        }
      }
    }
  });
});

describe('IAM across all stacks', () => {
  it('never allows "*" or a whole service ("dynamodb:*", "s3:*", ...)', () => {
    for (const key of STACKS) {
      for (const st of allStatements(s.templates[key])) {
        if (st.Effect !== 'Allow') continue;
        for (const action of actionsOf(st)) {
          expect(action, key).not.toBe('*');
          expect(action, key).not.toMatch(/^[a-z0-9-]+:\*$/);
        }
      }
    }
  });

  it('never allows a DynamoDB, Secrets Manager or Step Functions action on every resource', () => {
    for (const key of STACKS) {
      for (const st of allStatements(s.templates[key])) {
        if (st.Effect !== 'Allow' || !resourcesOf(st).includes('*')) continue;
        expect(
          actionsOf(st).filter((a) => /^(dynamodb|secretsmanager|states|s3|bedrock|ses):/.test(a)),
          key,
        ).toEqual([]);
      }
    }
  });
});

describe('the Stripe secret', () => {
  it('is read by the billing (subscription area) function and no other', () => {
    const readers = STACKS.flatMap((key) =>
      Object.entries(resources(s.templates[key], 'AWS::IAM::Policy')).filter(([, policy]) =>
        JSON.stringify(policy).includes('StripeSecret'),
      ),
    ).map(([id]) => id);
    expect(readers).toHaveLength(1);
    expect(readers[0]).toMatch(/^SubscriptionApi/);
  });

  it('holds no key in the template: created empty, filled in by the operator', () => {
    const [, secret] = Object.entries(resources(s.templates.api, 'AWS::SecretsManager::Secret'))[0] ?? [];
    const generate = (secret?.Properties?.GenerateSecretString ?? {}) as { SecretStringTemplate?: string };
    expect(JSON.parse(generate.SecretStringTemplate ?? '{}')).toEqual({
      secret_key: '',
      webhook_secret: '',
      price_id: '',
    });
    expect(secret?.Properties?.SecretString).toBeUndefined();
  });
});
