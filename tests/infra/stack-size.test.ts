import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiArea, apiFunctions, areaEntry, FUNCTIONS } from '../../functions/handlers/manifest';
import { REPO_ROOT } from '../../infra/constructs/repo-root';
import { resourceCount, resources, type StackKey, type Synthesized, synthesize } from './app';
import { PLANNED_ROUTES } from './planned-routes';

/**
 * CloudFormation refuses a stack of more than 500 resources. One function per route cost the API stack about
 * 7 resources a route (function, role, policy, log group, integration, route, permission), past the limit at
 * about 70 routes; one function per area costs a route 2. Every stack must stay under 300 with the ~70 routes
 * the spec's screens will need, so the budget leaves room for what else a stack grows.
 */
const BUDGET = 300;
const STACKS: StackKey[] = ['data', 'auth', 'api', 'web', 'pipeline'];
const ALL_ROUTES = [...FUNCTIONS, ...PLANNED_ROUTES];
const routeCount = (specs: typeof FUNCTIONS) =>
  specs.reduce((n, f) => n + (f.trigger.type === 'http' ? f.trigger.routes.length : 0), 0);
/** Areas without a router module yet get a stand-in; the template does not depend on the module's code. */
const planned = (area: ApiArea) =>
  existsSync(resolve(REPO_ROOT, areaEntry(area))) ? areaEntry(area) : 'tests/infra/fixtures/planned-area.ts';

let today: Synthesized;
let grown: Synthesized;
beforeAll(() => {
  today = synthesize({ stage: 'dev' });
  grown = synthesize({ stage: 'dev', api: { routes: ALL_ROUTES, areaEntry: planned } });
});
afterAll(() => {
  today?.cleanup();
  grown?.cleanup();
});

describe('stack sizes', () => {
  it('plans about 70 routes, none twice, each with a scope', () => {
    const keys = ALL_ROUTES.flatMap((f) =>
      f.trigger.type === 'http' ? f.trigger.routes.map((r) => `${r.method} ${r.path}`) : [],
    );
    expect(keys.length).toBeGreaterThanOrEqual(70);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it(`keeps every stack under ${BUDGET} resources, today and with the planned routes`, () => {
    for (const s of [today, grown]) {
      for (const key of STACKS) expect(resourceCount(s.templates[key]), key).toBeLessThan(BUDGET);
    }
  });

  it('deploys the planned routes as one route each, on one function per area', () => {
    const api = grown.templates.api;
    expect(Object.keys(resources(api, 'AWS::ApiGatewayV2::Route'))).toHaveLength(routeCount(ALL_ROUTES));
    expect(Object.keys(resources(api, 'AWS::Lambda::Function'))).toHaveLength(
      apiFunctions(ALL_ROUTES).length,
    );
  });

  it('costs the API stack at most 2 resources per added route', () => {
    const added = routeCount(ALL_ROUTES) - routeCount(FUNCTIONS);
    const areasAdded = apiFunctions(ALL_ROUTES).length - apiFunctions().length;
    const growth = resourceCount(grown.templates.api) - resourceCount(today.templates.api);
    // An area's function brings 5 resources (function, role, policy, log group, integration).
    expect(growth - areasAdded * 5).toBeLessThanOrEqual(added * 2);
  });

  it('leaves the other stacks as they are when routes are added', () => {
    for (const key of STACKS.filter((k) => k !== 'api')) {
      expect(resourceCount(grown.templates[key]), key).toBe(resourceCount(today.templates[key]));
    }
  });
});
