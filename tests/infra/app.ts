import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { FunctionSpec, Need } from '../../functions/handlers/manifest';
import { type BuildAppOptions, buildApp } from '../../infra/app';

/**
 * Shared by the infra tests: each test file synthesizes the app ONCE (in its beforeAll) with this helper.
 * Template tests skip bundling (CDK's bundling-stacks context): templates are the same, only asset hashes
 * differ, and a synth takes a few seconds instead of ~30. bundles.test.ts bundles for real.
 */
export interface SynthOptions {
  stage?: string;
  bundle?: boolean;
  /** cdk-nag as a validation plugin and CDK's CloudFormation validation, as `npm run synth` runs them. */
  nag?: boolean;
  context?: BuildAppOptions['context'];
  /** The API's routes and area modules instead of the manifest's (stack-size.test.ts adds planned routes). */
  api?: BuildAppOptions['api'];
}

export type Synthesized = ReturnType<typeof synthesize>;

export function synthesize(options: SynthOptions = {}) {
  const stage = options.stage ?? 'dev';
  const outdir = mkdtempSync(join(tmpdir(), `family-finance-infra-${stage}-`));
  const built = buildApp({
    stage,
    outdir,
    nag: options.nag ?? false,
    cfnValidation: options.nag ?? false,
    context: { ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...options.context },
    ...(options.api ? { api: options.api } : {}),
  });
  const assembly = built.app.synth();
  const template = (stack: { artifactId: string }) =>
    Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template);
  const { data, auth, api, web, pipeline } = built.stacks;
  return {
    ...built,
    assembly,
    outdir,
    templates: {
      data: template(data),
      auth: template(auth),
      api: template(api),
      web: template(web),
      pipeline: template(pipeline),
    },
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

export type StackKey = keyof Synthesized['templates'];

/** The number of CloudFormation resources in a stack's template (CloudFormation allows 500). */
export function resourceCount(template: Template): number {
  return Object.keys((template.toJSON() as { Resources?: Record<string, unknown> }).Resources ?? {}).length;
}

/** The stack a manifest function is placed in, by its trigger. */
export function stackOf(spec: FunctionSpec): StackKey {
  switch (spec.trigger.type) {
    case 'http':
      return 'api';
    case 'cognito':
      return 'auth';
    case 'pipeline':
    case 's3-object-created':
    case 'job':
      return 'pipeline';
    case 'seed':
      return 'data';
  }
}

// ---- template queries ---------------------------------------------------------------------------------

export interface CfnResource {
  Type?: string;
  Properties?: Record<string, unknown>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

export const actionsOf = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);
export const resourcesOf = (s: Statement): unknown[] =>
  Array.isArray(s.Resource) ? s.Resource : [s.Resource];

export function resources(template: Template, type: string): Record<string, CfnResource> {
  const found: Record<string, CfnResource> = template.findResources(type);
  return found;
}

/** The one resource of a type whose logical id is `{prefix}{8 hex}` (CDK's naming of construct paths). */
export function resourceByPrefix(template: Template, type: string, prefix: string): [string, CfnResource] {
  const matches = Object.entries(resources(template, type)).filter(([id]) =>
    new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id),
  );
  if (matches.length !== 1 || !matches[0]) {
    throw new Error(`Expected one ${type} named ${prefix}*, found ${matches.length}`);
  }
  return matches[0];
}

/** Lambda function of a manifest entry (AppFunction: `{id}/Function`). */
export function lambdaOf(template: Template, spec: FunctionSpec): [string, CfnResource] {
  return resourceByPrefix(template, 'AWS::Lambda::Function', `${spec.id}Function`);
}

/** Every IAM statement of a manifest function's role (AppFunction: `{id}/Role/DefaultPolicy`). */
export function statementsOf(template: Template, spec: FunctionSpec): Statement[] {
  const [, policy] = resourceByPrefix(template, 'AWS::IAM::Policy', `${spec.id}RoleDefaultPolicy`);
  return policyStatements(policy);
}

export function policyStatements(policy: CfnResource): Statement[] {
  const document = policy.Properties?.PolicyDocument as { Statement: Statement[] } | undefined;
  return document?.Statement ?? [];
}

export function allStatements(template: Template): Statement[] {
  return Object.values(resources(template, 'AWS::IAM::Policy')).flatMap(policyStatements);
}

/** A resource's properties, {} when it has none (or is missing). */
export function props(resource: CfnResource | undefined): Record<string, unknown> {
  return resource?.Properties ?? {};
}

export function environmentOf(fn: CfnResource): Record<string, unknown> {
  const env = fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined;
  return env?.Variables ?? {};
}

/** The actions each need may bring; with X-Ray and log writing, nothing else may appear in a function role. */
export const ACTIONS_BY_NEED: Record<Need, string[]> = {
  'table:read': ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  'table:write': [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
  'uploads:read': ['s3:GetObject'],
  'uploads:write': ['s3:PutObject'],
  'uploads:delete': ['s3:DeleteObject'],
  'uploads:list': ['s3:ListBucket'],
  'pipeline:start': ['states:StartExecution'],
  'jobs:start': ['states:StartExecution'],
  textract: ['textract:StartDocumentTextDetection', 'textract:GetDocumentTextDetection'],
  bedrock: ['bedrock:InvokeModel'],
  'bedrock:assistant': ['bedrock:InvokeModel'],
  'ses:send': ['ses:SendEmail'],
  'magic-link-secret': ['secretsmanager:GetSecretValue'],
  'stripe-secret': ['secretsmanager:GetSecretValue'],
};
export const BASELINE_ACTIONS = [
  'logs:CreateLogStream',
  'logs:PutLogEvents',
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
];

/** Logical ids a value refers to (Ref, Fn::GetAtt), anywhere inside it. */
export function referencedIds(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedIds(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner) && typeof inner[0] === 'string')
        into.add(inner[0]);
      else if (key === 'Fn::GetAtt' && typeof inner === 'string') into.add(inner.split('.')[0] ?? inner);
      else referencedIds(inner, into);
    }
  }
  return into;
}

/** A dependency cycle among a template's resources (CloudFormation rejects those at deploy time), or null. */
export function findCycle(template: Template): string[] | null {
  const all = template.toJSON() as { Resources: Record<string, CfnResource> };
  const ids = new Set(Object.keys(all.Resources));
  const edges = new Map<string, string[]>();
  for (const [id, resource] of Object.entries(all.Resources)) {
    const dependsOn = resource.DependsOn === undefined ? [] : [resource.DependsOn].flat();
    const refs = [...referencedIds(resource.Properties), ...dependsOn].filter((r) => ids.has(r));
    edges.set(id, refs);
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return null;
  };
  for (const id of ids) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return null;
}
