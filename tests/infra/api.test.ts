import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions, FUNCTIONS } from '../../functions/handlers/manifest';
import { environmentOf, findCycle, lambdaOf, props, resources, type Synthesized, synthesize } from './app';

let s: Synthesized;
beforeAll(() => {
  s = synthesize({ stage: 'dev' });
});
afterAll(() => s.cleanup());

/** Each manifest route with the area function that serves it. */
const routes = FUNCTIONS.flatMap((handler) =>
  handler.trigger.type === 'http'
    ? handler.trigger.routes.map((route) => {
        const spec = apiFunctions().find(
          (a) => a.trigger.type === 'http' && a.trigger.routes.includes(route),
        );
        if (!spec) throw new Error(`No area function serves ${route.method} ${route.path}`);
        return { handler, spec, route };
      })
    : [],
);

interface RouteProps {
  RouteKey: string;
  AuthorizationType?: string;
  AuthorizerId?: unknown;
  Target: unknown;
}
const declared = () =>
  Object.values(resources(s.templates.api, 'AWS::ApiGatewayV2::Route')).map(
    (r) => r.Properties as unknown as RouteProps,
  );

describe('api stack', () => {
  it('is one HTTP API', () => {
    s.templates.api.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    s.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
  });

  it('has exactly one route per manifest route', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(
      declared()
        .map((r) => r.RouteKey)
        .sort(),
    ).toEqual(routes.map(({ route }) => `${route.method} ${route.path}`).sort());
  });

  it('puts the JWT authorizer on every route not marked public, and none on public ones', () => {
    const [authorizerId] = Object.keys(resources(s.templates.api, 'AWS::ApiGatewayV2::Authorizer'));
    for (const { route } of routes) {
      const r = declared().find((d) => d.RouteKey === `${route.method} ${route.path}`);
      if (route.scope === 'public') {
        expect(r?.AuthorizationType, r?.RouteKey).toBe('NONE');
        expect(r?.AuthorizerId, r?.RouteKey).toBeUndefined();
      } else {
        expect(r?.AuthorizationType, r?.RouteKey).toBe('JWT');
        expect(r?.AuthorizerId, r?.RouteKey).toEqual({ Ref: authorizerId });
      }
    }
  });

  it("routes each path to its area's function (Lambda proxy, payload 2.0)", () => {
    const integrations = resources(s.templates.api, 'AWS::ApiGatewayV2::Integration');
    for (const { spec, route } of routes) {
      const r = declared().find((d) => d.RouteKey === `${route.method} ${route.path}`);
      const target = JSON.stringify(r?.Target);
      const integrationId = Object.keys(integrations).find((id) => target.includes(id));
      const integration = integrationId ? integrations[integrationId] : undefined;
      expect(integration?.Properties, r?.RouteKey).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [lambdaOf(s.templates.api, spec)[0], 'Arn'] },
      });
    }
  });

  it("verifies Cognito JWTs: the user pool's issuer and the app client as audience", () => {
    s.templates.api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    const authorizer = Object.values(resources(s.templates.api, 'AWS::ApiGatewayV2::Authorizer'))[0];
    expect(authorizer?.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
    });
    expect(authorizer?.Properties?.JwtConfiguration).toEqual({
      Issuer: {
        'Fn::Join': [
          '',
          [
            'https://cognito-idp.eu-west-2.amazonaws.com/',
            { 'Fn::ImportValue': expect.stringMatching(/-Auth:ExportsOutputRefUsers[0-9A-F]{8}/) },
          ],
        ],
      },
      Audience: [{ 'Fn::ImportValue': expect.stringMatching(/-Auth:ExportsOutputRefUsersWeb[0-9A-F]{8}/) }],
    });
  });

  it('has a $default stage with throttling and JSON access logs', () => {
    s.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 100, ThrottlingRateLimit: 50 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] } },
    });
    const stage = Object.values(resources(s.templates.api, 'AWS::ApiGatewayV2::Stage'))[0];
    const format = (props(stage).AccessLogSettings as { Format: string }).Format;
    expect(JSON.parse(format)).toMatchObject({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      routeKey: '$context.routeKey',
      status: '$context.status',
      latency: '$context.responseLatency',
    });
  });

  it('gives HTTP functions the user pool and client ids', () => {
    for (const { spec } of routes) {
      const env = environmentOf(lambdaOf(s.templates.api, spec)[1]);
      expect(env.USER_POOL_ID, spec.id).toBeDefined();
      expect(env.USER_POOL_CLIENT_ID, spec.id).toBeDefined();
    }
  });

  it('has no circular references', () => {
    expect(findCycle(s.templates.api)).toBeNull();
  });
});
