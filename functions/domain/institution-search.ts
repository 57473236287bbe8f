/**
 * Institution picker search (spec 2 §5, spec 1 §2): text matches name, display name and description,
 * case-insensitively; optional filters by type and by offered service; results in display-name order.
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

/** Active institutions matching the filter, ordered by display name. */
export function searchInstitutions<T extends SearchableInstitution>(
  institutions: readonly T[],
  filter: InstitutionFilter,
): T[] {
  return institutions
    .filter((i) => (i.status ?? 'active') === 'active' && matchesInstitution(i, filter))
    .sort(compareByDisplayName);
}

/** The picker shows the first 3 services, then '+N more'. */
export const VISIBLE_SERVICES = 3;
export function servicesPreview<S>(services: readonly S[]): { shown: S[]; more: number } {
  return {
    shown: services.slice(0, VISIBLE_SERVICES),
    more: Math.max(0, services.length - VISIBLE_SERVICES),
  };
}
