import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type InstitutionsQuery,
  institutionsResponseSchema,
  serviceTypesResponseSchema,
} from '../../../../functions/contracts/institutions';
import { apiRequest } from '../../api/client';

/**
 * The institution catalogue and service types the onboarding wizard picks from. The catalogue changes only on
 * deployment: it is kept for the session. (The wizard's family, profile, subscription and account calls are in
 * features/family and features/accounts.)
 */
export const catalogueKeys = {
  institutions: (filter: InstitutionsQuery = {}) => ['institutions', filter] as const,
  serviceTypes: ['service-types'] as const,
};

export const catalogueApi = {
  institutions: (filter: InstitutionsQuery = {}, signal?: AbortSignal) =>
    apiRequest('/institutions', institutionsResponseSchema, { query: { ...filter }, signal }).then(
      (r) => r.institutions,
    ),
  serviceTypes: (signal?: AbortSignal) =>
    apiRequest('/service-types', serviceTypesResponseSchema, { signal }).then((r) => r.service_types),
};

export const institutionsQuery = (filter: InstitutionsQuery = {}) =>
  queryOptions({
    queryKey: catalogueKeys.institutions(filter),
    queryFn: ({ signal }) => catalogueApi.institutions(filter, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const serviceTypesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.serviceTypes,
    queryFn: ({ signal }) => catalogueApi.serviceTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInstitutions(filter: InstitutionsQuery = {}) {
  return useQuery(institutionsQuery(filter));
}

export function useServiceTypes() {
  return useQuery(serviceTypesQuery());
}
