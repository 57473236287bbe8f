import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTITUTIONS } from '../../functions/adapters/dynamodb/catalogue/institutions';
import { services } from '../../functions/app/container';
import type { Institution, ServiceType } from '../../functions/contracts/institutions';
import { seedCatalogue } from '../../functions/services/seed';
import { startTestTwin } from '../support/twin';

let twin: Awaited<ReturnType<typeof startTestTwin>>;
let token: string;

beforeAll(async () => {
  twin = await startTestTwin();
  token = await twin.signer.sign({ sub: 'inst-user', email: 'inst@example.com', tokenUse: 'id' });
});
afterAll(async () => {
  await twin?.stop();
});

async function get<T>(path: string, auth = true): Promise<{ status: number; body: T }> {
  const response = await fetch(`${twin.url}${path}`, {
    headers: auth ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as T };
}
const list = async (query = '') =>
  (await get<{ institutions: Institution[] }>(`/api/institutions${query}`)).body.institutions;

describe('institution catalogue (seeded at twin start)', () => {
  it('lists well over 40 active UK institutions, ordered by display name', async () => {
    const institutions = await list();
    expect(institutions.length).toBeGreaterThanOrEqual(60);
    expect(institutions.length).toBe(INSTITUTIONS.length);
    const names = institutions.map((i) => i.display_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
    for (const i of institutions) {
      expect(i.status).toBe('active');
      expect(i.external_id).toMatch(/^GB-/);
      expect(i.website).toMatch(/^https:\/\//);
      expect(i.description?.length).toBeGreaterThan(10);
    }
    for (const name of [
      'Barclays',
      'HSBC UK',
      'Monzo',
      'Nationwide Building Society',
      'American Express',
      'Vanguard UK',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('has unique ids, external ids and display names', () => {
    for (const field of ['id', 'external_id', 'display_name'] as const) {
      expect(new Set(INSTITUTIONS.map((i) => i[field])).size).toBe(INSTITUTIONS.length);
    }
  });

  it('searches name, display name and description case-insensitively', async () => {
    expect((await list('?q=MONZO')).map((i) => i.id)).toEqual(['monzo']);
    // name only: "Tesco Personal Finance plc"
    expect((await list('?q=personal%20finance')).map((i) => i.id)).toEqual(['tesco-bank']);
    // description only: "formerly Abbey National"
    expect((await list('?q=abbey')).map((i) => i.id)).toEqual(['santander-uk']);
    expect(await list('?q=no-such-bank-anywhere')).toEqual([]);
  });

  it('filters by type and by service, and combines filters', async () => {
    const societies = await list('?type=building_society');
    expect(societies.length).toBeGreaterThanOrEqual(8);
    expect(societies.every((i) => i.type === 'building_society')).toBe(true);
    const bnpl = await list('?service=bnpl');
    expect(bnpl.map((i) => i.id)).toEqual(expect.arrayContaining(['klarna', 'clearpay', 'paypal']));
    expect(bnpl.every((i) => i.services.includes('bnpl'))).toBe(true);
    const fintechSavers = await list('?type=fintech&service=isa&q=app');
    expect(fintechSavers.length).toBeGreaterThan(0);
    expect(fintechSavers.every((i) => i.type === 'fintech' && i.services.includes('isa'))).toBe(true);
  });

  it('rejects an unknown type or service with 400', async () => {
    expect((await get('/api/institutions?type=casino')).status).toBe(400);
    expect((await get('/api/institutions?service=lottery')).status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await get('/api/institutions', false)).status).toBe(401);
  });

  it('lists the 14 service types', async () => {
    const { body } = await get<{ service_types: ServiceType[] }>('/api/service-types');
    expect(body.service_types.map((s) => s.code)).toEqual([
      'current_accounts',
      'savings_accounts',
      'mortgages',
      'credit_cards',
      'personal_loans',
      'business_banking',
      'private_banking',
      'investment_banking',
      'wealth_management',
      'insurance',
      'isa',
      'sipp',
      'bnpl',
      'overdrafts',
    ]);
  });

  it('re-seeding is a no-op when the catalogue is unchanged', async () => {
    const again = await seedCatalogue(services().now());
    expect(again).toMatchObject({ changed: false, written: 0, institutions: INSTITUTIONS.length });
    expect((await list()).length).toBe(INSTITUTIONS.length);
  });
});
