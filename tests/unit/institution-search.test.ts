import { describe, expect, it } from 'vitest';
import {
  compareByDisplayName,
  matchesInstitution,
  searchInstitutions,
  servicesPreview,
} from '../../functions/domain/institution-search';

const inst = (display_name: string, extra: Partial<Parameters<typeof matchesInstitution>[0]> = {}) => ({
  name: `${display_name} plc`,
  display_name,
  description: null,
  type: 'bank',
  services: [] as string[],
  ...extra,
});

describe('institution search (spec 2 §5 picker)', () => {
  const catalogue = [
    inst('Zopa', { type: 'fintech', services: ['savings_accounts', 'isa'], description: 'Digital bank' }),
    inst('barclays', { services: ['current_accounts'] }),
    inst('Atom Bank', { type: 'fintech', status: 'inactive' }),
    inst('Ålesund Savings', { type: 'building_society', description: 'A MUTUAL society' }),
  ];

  it('matches name, display name and description case-insensitively', () => {
    expect(matchesInstitution(catalogue[1]!, { q: 'BARCLAYS PLC' })).toBe(true);
    expect(matchesInstitution(catalogue[0]!, { q: 'digital' })).toBe(true);
    expect(matchesInstitution(catalogue[3]!, { q: 'mutual' })).toBe(true);
    expect(matchesInstitution(catalogue[0]!, { q: 'mutual' })).toBe(false);
    expect(matchesInstitution(catalogue[0]!, { q: '   ' })).toBe(true);
  });

  it('filters by type and by service', () => {
    expect(matchesInstitution(catalogue[0]!, { type: 'bank' })).toBe(false);
    expect(matchesInstitution(catalogue[0]!, { service: 'isa' })).toBe(true);
    expect(matchesInstitution(catalogue[1]!, { service: 'isa' })).toBe(false);
  });

  it('lists active institutions only, by display name (en-GB, case- and accent-insensitive)', () => {
    expect(searchInstitutions(catalogue, {}).map((i) => i.display_name)).toEqual([
      'Ålesund Savings',
      'barclays',
      'Zopa',
    ]);
    expect(searchInstitutions(catalogue, { type: 'fintech' }).map((i) => i.display_name)).toEqual(['Zopa']);
    expect(compareByDisplayName({ display_name: 'a' }, { display_name: 'A' })).toBe(0);
  });

  it("shows 3 services then '+N more'", () => {
    expect(servicesPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(servicesPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});
