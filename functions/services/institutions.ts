import { getServiceTypes, listInstitutions } from '../adapters/dynamodb/institution-repository';
import type { Institution, InstitutionsQuery, ServiceType } from '../contracts/institutions';
import { searchInstitutions } from '../domain/institution-search';

/** The institution catalogue as families see it: active only, by display name, searchable. */
export async function findInstitutions(query: InstitutionsQuery): Promise<Institution[]> {
  return searchInstitutions(await listInstitutions(), query);
}

export async function serviceTypes(): Promise<ServiceType[]> {
  return getServiceTypes();
}
