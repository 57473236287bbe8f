import { describe, expect, it } from 'vitest';
import { INSTITUTIONS } from '../../../functions/adapters/dynamodb/catalogue/institutions';
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

describe('institution search ranks what the family typed best first', () => {
  const list = [
    inst('Barclaycard', 'credit_card_provider', ['credit_cards'], {
      name: 'Barclaycard (Barclays Bank UK PLC)',
    }),
    inst('Barclays', 'bank', ['current_accounts'], { name: 'Barclays Bank UK PLC' }),
    inst('Co-operative Bank', 'bank', [], { description: 'Not Barclays' }),
    inst('Metro Bank', 'bank', []),
    inst('Bank of Scotland', 'bank', []),
  ];
  const names = (q: string) => searchInstitutions(list, { q }).map((i) => i.display_name);
  it('an exact name first, then names that start with the text, then the rest', () => {
    expect(names('Barclays')).toEqual(['Barclays', 'Barclaycard', 'Co-operative Bank']);
    expect(names('barclays ')).toEqual(['Barclays', 'Barclaycard', 'Co-operative Bank']);
    expect(names('barclay')).toEqual(['Barclaycard', 'Barclays', 'Co-operative Bank']);
  });
  it("a name starting with the text before one with a word starting with it ('bank')", () => {
    expect(names('bank')).toEqual([
      'Bank of Scotland',
      'Barclaycard',
      'Barclays',
      'Co-operative Bank',
      'Metro Bank',
    ]);
  });
  it("the product's own catalogue: 'Barclays' lists Barclays before Barclaycard", () => {
    const found = searchInstitutions(INSTITUTIONS, { q: 'Barclays' }).map((i) => i.display_name);
    expect(found.indexOf('Barclays')).toBe(0);
    expect(found.indexOf('Barclaycard')).toBeGreaterThan(0);
  });
});
