/**
 * Institution picker search (spec 2 §5, spec 1 §2): text matches name, display name and description,
 * case-insensitively; optional filters by type and by offered service. Results rank what the family typed
 * best first: a name that is exactly the text, then names that start with it, then names with a word that
 * starts with it, then any other match ('Barclays' lists Barclays before Barclaycard); each rank in
 * display-name order.
 * Pure: used by GET /api/institutions and by the SPA's picker.
 */
export interface SearchableInstitution {
  name: string;
  display_name: string;
  description: string | null;
  type: string;
  status?: string;
  services: readonly string[];
}

export interface InstitutionFilter {
  q?: string | null;
  type?: string | null;
  service?: string | null;
}

export function matchesInstitution(institution: SearchableInstitution, filter: InstitutionFilter): boolean {
  if (filter.type && institution.type !== filter.type) return false;
  if (filter.service && !institution.services.includes(filter.service)) return false;
  const q = filter.q?.trim().toLocaleLowerCase('en-GB');
  if (!q) return true;
  return [institution.name, institution.display_name, institution.description ?? ''].some((field) =>
    field.toLocaleLowerCase('en-GB').includes(q),
  );
}

const collator = new Intl.Collator('en-GB', { sensitivity: 'base' });

export function compareByDisplayName(a: { display_name: string }, b: { display_name: string }): number {
  return collator.compare(a.display_name, b.display_name);
}

/** How well an institution's names match the text: 0 exact, 1 prefix, 2 a word's prefix, 3 anything else. */
export function matchRank(
  institution: Pick<SearchableInstitution, 'name' | 'display_name'>,
  q: string,
): number {
  const text = q.trim().toLocaleLowerCase('en-GB');
  if (!text) return 0;
  const names = [institution.display_name, institution.name].map((n) => n.toLocaleLowerCase('en-GB'));
  if (names.some((n) => n === text)) return 0;
  if (names.some((n) => n.startsWith(text))) return 1;
  if (names.some((n) => n.split(/[\s&()/-]+/).some((word) => word.startsWith(text)))) return 2;
  return 3;
}

/** Active institutions matching the filter, best match first, then in display-name order. */
export function searchInstitutions<T extends SearchableInstitution>(
  institutions: readonly T[],
  filter: InstitutionFilter,
): T[] {
  const q = filter.q ?? '';
  return institutions
    .filter((i) => (i.status ?? 'active') === 'active' && matchesInstitution(i, filter))
    .map((i) => ({ i, rank: matchRank(i, q) }))
    .sort((a, b) => a.rank - b.rank || compareByDisplayName(a.i, b.i))
    .map(({ i }) => i);
}

/** The picker shows the first 3 services, then '+N more'. */
export const VISIBLE_SERVICES = 3;
export function servicesPreview<S>(services: readonly S[]): { shown: S[]; more: number } {
  return {
    shown: services.slice(0, VISIBLE_SERVICES),
    more: Math.max(0, services.length - VISIBLE_SERVICES),
  };
}
