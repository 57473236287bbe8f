import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import getEvent from '../../../events/apigw/get-upload/own-upload.json';
import type { Membership } from '../../../functions/adapters/dynamodb/membership';
import {
  type AuthContext,
  areaRouter,
  type HttpEvent,
  httpHandlerWith,
  json,
  type OwnRecord,
  resolveScope,
  SCOPE_MESSAGES,
  type Schema,
} from '../../../functions/app/http';
import type { FunctionSpec, HttpFunctionSpec, Scope } from '../../../functions/handlers/manifest';

/**
 * The family scope, resolved once by the HTTP middleware: a route's scope comes from its manifest entry; the
 * caller's membership is read once per request (never for a public route) and handed to the handler.
 */
const context = {
  awsRequestId: 'req-1',
  functionName: 'test',
  getRemainingTimeInMillis: () => 1000,
} as unknown as Context;
const ADA = '5f2e1c8a-7b3d-4e9a-9c1f-2a6b8d0e4f13'; // the sample event's verified caller
const signedIn = () => structuredClone(getEvent) as unknown as HttpEvent;
const anonymous = () => {
  const event = signedIn();
  (event.requestContext as { authorizer?: unknown }).authorizer = undefined;
  return event;
};
const errorOf = (r: { body?: string }) =>
  (JSON.parse(r.body ?? '{}') as { error?: { code: string; message: string } }).error;

const specOf = <S extends Scope>(scope: S, id = `Probe${scope}`): HttpFunctionSpec<S> => ({
  id,
  entry: `functions/handlers/http/${id}.ts`,
  trigger: {
    type: 'http',
    area: 'family',
    routes: [{ method: 'GET', path: `/api/probe/${scope}`, scope }],
  },
  needs: [],
});

/** A family's membership records as the table holds them (user id → family and role), counting reads. */
function memberships(rows: Record<string, Membership>) {
  const reads: string[] = [];
  return {
    reads,
    membershipOf: async (userId: string) => {
      reads.push(userId);
      return rows[userId] ?? null;
    },
  };
}

describe('resolveScope', () => {
  const auth: AuthContext = { userId: 'u1', email: 'ada@example.co.uk' };
  const admin: Membership = { familyId: 'F1', role: 'admin' };
  const member: Membership = { familyId: 'F1', role: 'member' };

  it('lets anyone call a public route, and hands it no family', () => {
    expect(resolveScope('public', null, null)).toBeNull();
    expect(resolveScope('public', auth, admin)).toBeNull();
  });

  it('lets any signed-in user call a self route, and hands it no family', () => {
    expect(resolveScope('self', auth, null)).toBeNull();
    expect(resolveScope('self', auth, admin)).toBeNull();
  });

  it.each(['self', 'user', 'member', 'admin'] as const)(
    'refuses an anonymous caller of a %s route (401)',
    (scope) => {
      expect(() => resolveScope(scope, null, null)).toThrow(expect.objectContaining({ status: 401 }));
    },
  );

  it('lets a signed-in user without a family call a user route, with no family', () => {
    expect(resolveScope('user', auth, null)).toBeNull();
    expect(resolveScope('user', auth, member)).toEqual({ ...auth, familyId: 'F1', role: 'member' });
  });

  it.each(['member', 'admin'] as const)('answers 404 to a user without a family on a %s route', (scope) => {
    expect(() => resolveScope(scope, auth, null)).toThrow(
      expect.objectContaining({ status: 404, code: 'not_found', message: SCOPE_MESSAGES.noFamily }),
    );
  });

  it('gives a member route the family context: user id, e-mail, family id and role', () => {
    expect(resolveScope('member', auth, member)).toEqual({
      userId: 'u1',
      email: 'ada@example.co.uk',
      familyId: 'F1',
      role: 'member',
    });
    expect(resolveScope('member', auth, admin)?.role).toBe('admin');
  });

  it('answers 403 with a clear message to a plain member on an admin route, and lets the admin in', () => {
    expect(() => resolveScope('admin', auth, member)).toThrow(
      expect.objectContaining({
        status: 403,
        code: 'forbidden',
        message: "Only the family's admin can do this.",
      }),
    );
    expect(resolveScope('admin', auth, admin)).toEqual({ ...auth, ...admin });
  });
});

describe('httpHandler scopes (from the manifest entry it is given)', () => {
  const echo = async (request: { family?: unknown; auth: unknown }) =>
    json(200, { auth: request.auth, family: request.family ?? 'none' });

  it('reads the membership once per request and hands the handler the family context', async () => {
    const table = memberships({ [ADA]: { familyId: 'F1', role: 'member' } });
    const handler = httpHandlerWith(table)(specOf('member'), {}, echo);
    const response = await handler(signedIn(), context);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body ?? '')).toEqual({
      auth: { userId: ADA, email: 'ada@example.co.uk' },
      family: { userId: ADA, email: 'ada@example.co.uk', familyId: 'F1', role: 'member' },
    });
    expect(table.reads).toEqual([ADA]);
  });

  it('answers 404 on a member route for a caller without a family, before validating anything', async () => {
    const table = memberships({});
    let ran = false;
    const handler = httpHandlerWith(table)(specOf('member'), {}, async () => {
      ran = true;
      return json(200, {});
    });
    const response = await handler({ ...signedIn(), body: '{not json' }, context);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'not_found', message: 'No family found for this user' });
    expect(ran).toBe(false);
  });

  it('answers 403 on an admin route for a plain member, and runs it for the admin', async () => {
    const asMember = httpHandlerWith(memberships({ [ADA]: { familyId: 'F1', role: 'member' } }));
    const forbidden = await asMember(specOf('admin'), {}, echo)(signedIn(), context);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden)).toEqual({
      code: 'forbidden',
      message: "Only the family's admin can do this.",
    });

    const asAdmin = httpHandlerWith(memberships({ [ADA]: { familyId: 'F1', role: 'admin' } }));
    expect((await asAdmin(specOf('admin'), {}, echo)(signedIn(), context)).statusCode).toBe(200);
  });

  it('lets a user route through without a family (family: null)', async () => {
    const handler = httpHandlerWith(memberships({}))(specOf('user'), {}, echo);
    const response = await handler(signedIn(), context);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body ?? '').family).toBe('none');
  });

  it('reads no membership for a public route, with or without a caller', async () => {
    const table = memberships({ [ADA]: { familyId: 'F1', role: 'admin' } });
    const handler = httpHandlerWith(table)(specOf('public'), {}, echo);
    expect((await handler(anonymous(), context)).statusCode).toBe(200);
    expect((await handler(signedIn(), context)).statusCode).toBe(200);
    expect(table.reads).toEqual([]);
  });

  it("reads no membership for a self route (the caller's own records), with or without a family", async () => {
    const table = memberships({ [ADA]: { familyId: 'F1', role: 'admin' } });
    const handler = httpHandlerWith(table)(specOf('self'), {}, echo);
    const response = await handler(signedIn(), context);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body ?? '')).toEqual({
      auth: { userId: ADA, email: 'ada@example.co.uk' },
      family: 'none',
    });
    expect(table.reads).toEqual([]);
  });

  it('answers 401 to an anonymous caller of any signed-in scope, reading nothing', async () => {
    for (const scope of ['self', 'user', 'member', 'admin'] as const) {
      const table = memberships({});
      const response = await httpHandlerWith(table)(specOf(scope), {}, echo)(anonymous(), context);
      expect(response.statusCode, scope).toBe(401);
      expect(table.reads, scope).toEqual([]);
    }
  });

  describe("a route's own record, read with the membership", () => {
    const idParams: Schema<{ id: string }> = {
      safeParse(input: unknown) {
        const id = (input as { id?: unknown }).id;
        return typeof id === 'string' && /^[0-9A-Z]{26}$/.test(id)
          ? { success: true, data: { id } }
          : { success: false, error: { issues: [{ path: ['id'], message: 'Not an id' }] } };
      },
    };
    /** The table as before, with the record read beside the membership in the family it names. */
    function withRecords(rows: Record<string, Membership>) {
      const table = memberships(rows);
      const asked: OwnRecord[] = [];
      return {
        ...table,
        asked,
        membershipWith: async (userId: string, own: OwnRecord) => {
          const membership = await table.membershipOf(userId);
          asked.push(own);
          return membership
            ? { membership, along: { familyId: membership.familyId, record: own, item: { id: 'x' } } }
            : { membership };
        },
      };
    }
    const alongOf = async (request: { along?: unknown }) => json(200, { along: request.along ?? 'none' });

    it('reads the record the route declares, by its checked path, and hands it to the handler', async () => {
      const table = withRecords({ [ADA]: { familyId: 'F1', role: 'member' } });
      const handler = httpHandlerWith(table)(
        specOf('member'),
        { params: idParams, own: (params) => ({ kind: 'upload', id: params.id }) },
        alongOf,
      );
      const response = await handler(signedIn(), context);
      expect(JSON.parse(response.body ?? '')).toEqual({
        along: {
          familyId: 'F1',
          record: { kind: 'upload', id: '01JD8Z3K6M9N2B5V8C1X4Z7A0S' },
          item: { id: 'x' },
        },
      });
      expect(table.reads).toEqual([ADA]);
    });

    it('hands no record to a route that declares none', async () => {
      const table = withRecords({ [ADA]: { familyId: 'F1', role: 'member' } });
      const response = await httpHandlerWith(table)(specOf('member'), { params: idParams }, alongOf)(
        signedIn(),
        context,
      );
      expect(JSON.parse(response.body ?? '')).toEqual({ along: 'none' });
      expect(table.asked).toEqual([]);
    });

    it('still answers 404 before 400 to an outsider with a bad path, reading the membership alone', async () => {
      const table = withRecords({});
      const handler = httpHandlerWith(table)(
        specOf('member'),
        { params: idParams, own: (params) => ({ kind: 'upload', id: params.id }) },
        alongOf,
      );
      const bad = { ...signedIn(), pathParameters: { id: '../other' } };
      expect((await handler(bad, context)).statusCode).toBe(404);
      expect(table.reads).toEqual([ADA]);
      expect(table.asked).toEqual([]);
      const asMember = httpHandlerWith(withRecords({ [ADA]: { familyId: 'F1', role: 'member' } }))(
        specOf('member'),
        { params: idParams, own: (params) => ({ kind: 'upload', id: params.id }) },
        alongOf,
      );
      expect((await asMember(bad, context)).statusCode).toBe(400);
    });
  });

  it('exposes the manifest entry it serves', () => {
    const spec = specOf('member');
    expect(httpHandlerWith(memberships({}))(spec, {}, echo).spec).toBe(spec);
  });
});

describe('areaRouter (one deployed function per area)', () => {
  const table = memberships({ [ADA]: { familyId: 'F1', role: 'admin' } });
  const handlerFor = (id: string, path: string) =>
    httpHandlerWith(table)(
      {
        id,
        entry: `functions/handlers/http/${id}.ts`,
        trigger: { type: 'http', area: 'family', routes: [{ method: 'GET', path, scope: 'member' }] },
        needs: [],
      },
      {},
      async () => json(200, { served: id }),
    );
  const one = handlerFor('One', '/api/one/{id}');
  const two = handlerFor('Two', '/api/two');
  const other: FunctionSpec = { ...two.spec, id: 'Other', trigger: { ...two.spec.trigger, area: 'profile' } };
  const manifest: FunctionSpec[] = [one.spec, two.spec, other];

  it("dispatches each event to its route's handler by routeKey", async () => {
    const router = areaRouter('family', [one, two], manifest);
    const call = async (routeKey: string) => router({ ...signedIn(), routeKey }, context);
    expect(JSON.parse((await call('GET /api/one/{id}')).body ?? '')).toEqual({ served: 'One' });
    expect(JSON.parse((await call('GET /api/two')).body ?? '')).toEqual({ served: 'Two' });
  });

  it('answers 404 for a route of no handler in the area', async () => {
    const router = areaRouter('family', [one, two], manifest);
    const response = await router({ ...signedIn(), routeKey: 'GET /api/profile' }, context);
    expect(response.statusCode).toBe(404);
  });

  it("refuses to load when a route of the area has no handler, or a handler is another area's", () => {
    expect(() => areaRouter('family', [one], manifest)).toThrow('The family area has no handler for Two');
    const foreign = handlerFor('Other', '/api/two');
    expect(() => areaRouter('family', [one, two, foreign], manifest)).toThrow(
      'The family area serves handlers of other areas: Other',
    );
  });
});
