import { describe, expect, it } from 'vitest';
import { searchInstitutions, servicesPreview } from '../../../functions/domain/institution-search';

const inst = (
  display_name: string,
  type: string,
  services: string[],
  extra: Record<string, unknown> = {},
) => ({
  name: `${display_name} plc`,
  display_name,
  description: null as string | null,
  type,
  services,
  ...extra,
});

describe('spec 2 §5 institution picker search: name, display name, description; type and service filters', () => {
  const list = [
    inst('Monzo', 'fintech', ['current_accounts', 'savings_accounts']),
    inst('Barclays', 'bank', ['current_accounts', 'credit_cards'], { description: 'British universal bank' }),
    inst('Nationwide', 'building_society', ['mortgages']),
    inst('Old Bank', 'bank', [], { status: 'inactive' }),
  ];
  it.each([
    [{}, ['Barclays', 'Monzo', 'Nationwide']],
    [{ q: 'MON' }, ['Monzo']],
    [{ q: 'universal' }, ['Barclays']],
    [{ q: 'plc' }, ['Barclays', 'Monzo', 'Nationwide']],
    [{ type: 'bank' }, ['Barclays']],
    [{ service: 'current_accounts' }, ['Barclays', 'Monzo']],
    [{ q: '  ', service: 'mortgages' }, ['Nationwide']],
  ])('%o → %o', (filter, names) => {
    expect(searchInstitutions(list, filter).map((i) => i.display_name)).toEqual(names);
  });

  it("shows 3 services then '+N more'", () => {
    expect(servicesPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(servicesPreview(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});
