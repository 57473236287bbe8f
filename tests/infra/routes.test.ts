import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HttpLambda } from '../../functions/app/http';
import {
  API_AREAS,
  apiFunctions,
  areaEntry,
  FUNCTIONS,
  type FunctionSpec,
  SCOPES,
} from '../../functions/handlers/manifest';
import { compileRoutes } from '../../functions/local/api-router';
import { REPO_ROOT } from '../../infra/constructs/repo-root';

/**
 * The route table is the one declaration of the API: each route's scope, its handler file and its area. The
 * handlers, the area functions AWS deploys and the twin's router all read it.
 */
const httpSpecs = FUNCTIONS.filter((f) => f.trigger.type === 'http');
const routesOf = (spec: FunctionSpec) => (spec.trigger.type === 'http' ? spec.trigger.routes : []);
const load = async (entry: string) =>
  (await import(pathToFileURL(resolve(REPO_ROOT, entry)).href)) as { handler?: unknown };

describe('the route table', () => {
  it('declares a scope for every route (public, user, member or admin)', () => {
    const routes = httpSpecs.flatMap(routesOf);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(SCOPES, `${route.method} ${route.path}`).toContain((route as { scope?: unknown }).scope);
    }
  });

  it("keeps the public routes public and nothing else (health, Stripe's signed webhook, the landing page's feedback and analytics events)", () => {
    const open = httpSpecs.flatMap(routesOf).filter((r) => r.scope === 'public');
    expect(open.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      ['GET /api/health', 'POST /api/webhooks/stripe', 'POST /api/events', 'POST /api/feedback'].sort(),
    );
  });

  it('puts upgrading and dismissals behind a family member, the billing portal behind its admin', () => {
    const billing = httpSpecs
      .flatMap(routesOf)
      .filter((r) => /^\/api\/(subscription\/|webhooks\/stripe)/.test(r.path));
    expect(Object.fromEntries(billing.map((r) => [`${r.method} ${r.path}`, r.scope]))).toEqual({
      'POST /api/subscription/notifications': 'member',
      'POST /api/subscription/checkout': 'member',
      'POST /api/subscription/portal': 'admin',
      'POST /api/webhooks/stripe': 'public',
    });
  });

  it('has one handler file per route, each in the manifest once', () => {
    const files = readdirSync(join(REPO_ROOT, 'functions/handlers/http')).filter((f) => f.endsWith('.ts'));
    expect(files.map((f) => `functions/handlers/http/${f}`).sort()).toEqual(
      httpSpecs.map((s) => s.entry).sort(),
    );
    for (const spec of httpSpecs) expect(routesOf(spec), spec.id).toHaveLength(1);
    const keys = httpSpecs.flatMap(routesOf).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives each handler its own manifest entry, so its scope is the one the table declares', async () => {
    for (const spec of httpSpecs) {
      const { handler } = await load(spec.entry);
      expect(typeof handler, spec.id).toBe('function');
      expect((handler as HttpLambda).spec, spec.id).toBe(spec);
    }
  });
});

describe('the API packaged by area', () => {
  it('deploys one function per area with routes, with the routes and the union of the needs of its slice', () => {
    const areas = apiFunctions();
    expect(areas.map((a) => a.trigger.type === 'http' && a.trigger.area)).toEqual(
      API_AREAS.filter((area) => httpSpecs.some((s) => s.trigger.type === 'http' && s.trigger.area === area)),
    );
    for (const area of areas) {
      const { trigger } = area;
      if (trigger.type !== 'http') throw new Error('not an area');
      const slice = httpSpecs.filter((s) => s.trigger.type === 'http' && s.trigger.area === trigger.area);
      expect(area.entry).toBe(areaEntry(trigger.area));
      expect(trigger.routes).toEqual(slice.flatMap(routesOf));
      expect([...area.needs].sort(), area.id).toEqual([...new Set(slice.flatMap((s) => s.needs))].sort());
    }
    expect(areas.flatMap(routesOf)).toHaveLength(httpSpecs.flatMap(routesOf).length);
  });

  it("has the twin route every manifest route to its area's function, as API Gateway does", () => {
    const compiled = compileRoutes();
    expect(compiled.map((c) => `${c.route.method} ${c.route.path}`).sort()).toEqual(
      httpSpecs
        .flatMap(routesOf)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    for (const c of compiled) {
      const area = apiFunctions().find(
        (a) => a.trigger.type === 'http' && a.trigger.routes.includes(c.route),
      );
      expect(c.spec, c.route.path).toEqual(area);
    }
  });

  it('has a router module per area that loads (it refuses to if a route of the area lacks its handler)', async () => {
    for (const area of apiFunctions()) {
      const { handler } = await load(area.entry);
      expect(typeof handler, area.id).toBe('function');
    }
  });
});
