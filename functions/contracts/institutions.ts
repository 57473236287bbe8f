import * as z from 'zod/mini';
import { SERVICE_CODES, type ServiceCode } from '../domain/types';
import { lazy } from './lazy';

/**
 * Institutions and service types (spec 2 §3): the global catalogue every family picks its banks from.
 * Shared by the handlers and the SPA's institution picker.
 */
/** Service type codes: the domain's list (functions/domain/types.ts). */
export const serviceTypeCodes = SERVICE_CODES;
export type ServiceTypeCode = ServiceCode;
export const serviceTypeCodeSchema = lazy(() => z.enum(serviceTypeCodes));

export const institutionTypes = [
  'bank',
  'building_society',
  'investment_platform',
  'insurance',
  'fintech',
  'private_bank',
  'credit_card_provider',
  'generic',
] as const;
export type InstitutionType = (typeof institutionTypes)[number];

export const serviceTypeSchema = lazy(() =>
  z.object({
    id: z.string(),
    code: serviceTypeCodeSchema,
    name: z.string(),
  }),
);
export type ServiceType = z.infer<typeof serviceTypeSchema>;
export const serviceTypesResponseSchema = lazy(() => z.object({ service_types: z.array(serviceTypeSchema) }));
export type ServiceTypesResponse = z.infer<typeof serviceTypesResponseSchema>;

export const institutionSchema = lazy(() =>
  z.object({
    id: z.string(),
    external_id: z.string(),
    name: z.string(),
    display_name: z.string(),
    type: z.enum(institutionTypes),
    subtype: z.nullable(z.string()),
    status: z.enum(['active', 'inactive']),
    description: z.nullable(z.string()),
    website: z.nullable(z.string()),
    founded: z.nullable(z.number()),
    headquarters: z.nullable(z.string()),
    parent_company: z.nullable(z.string()),
    regulators: z.array(z.string()),
    /** Service type codes the institution offers (from its links to service types). */
    services: z.array(serviceTypeCodeSchema),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Institution = z.infer<typeof institutionSchema>;

/** GET /api/institutions?q=&type=&service= (all optional; only active institutions, by display name). */
export const institutionsQuerySchema = lazy(() =>
  z.object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'The search text is too long'))),
    type: z.optional(z.enum(institutionTypes, 'Unknown institution type')),
    service: z.optional(z.enum(serviceTypeCodes, 'Unknown service type')),
  }),
);
export type InstitutionsQuery = z.infer<typeof institutionsQuerySchema>;

export const institutionsResponseSchema = lazy(() => z.object({ institutions: z.array(institutionSchema) }));
export type InstitutionsResponse = z.infer<typeof institutionsResponseSchema>;
