import { createHash } from 'node:crypto';
import { INSTITUTIONS } from '../adapters/dynamodb/catalogue/institutions';
import { SERVICE_TYPES } from '../adapters/dynamodb/catalogue/service-types';
import { putCategories } from '../adapters/dynamodb/category-repository';
import {
  deactivateInstitution,
  getCatalogueVersion,
  listInstitutions,
  putCatalogueVersion,
  putServiceTypes,
  upsertInstitution,
} from '../adapters/dynamodb/institution-repository';
import type { Institution } from '../contracts/institutions';
import { CATEGORIES } from '../domain/categories';

/**
 * Seed the institution catalogue, the service types and the spending categories into the table. Idempotent
 * and cheap to repeat: one read when the catalogue is unchanged; otherwise only changed institutions are written, institutions that
 * left the catalogue are marked inactive, and the version marker is written last (a seed that stopped
 * half-way runs again). Run by the local twin at start, by `npm run seed`, and in AWS by the Seed function
 * (a CloudFormation custom resource on every deployment).
 */
export interface SeedResult {
  version: string;
  changed: boolean;
  institutions: number;
  serviceTypes: number;
  written: number;
  deactivated: number;
}

function hash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}

function catalogueEntries(): Array<Omit<Institution, 'created_at' | 'updated_at'>> {
  return INSTITUTIONS.map((i) => ({
    id: i.id,
    external_id: i.external_id,
    name: i.name,
    display_name: i.display_name,
    type: i.type,
    subtype: i.subtype ?? null,
    status: 'active',
    description: i.description,
    website: i.website,
    founded: i.founded ?? null,
    headquarters: i.headquarters ?? null,
    parent_company: i.parent_company ?? null,
    regulators: i.regulators,
    services: i.services,
  }));
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

export async function seedCatalogue(now: Date): Promise<SeedResult> {
  const entries = catalogueEntries();
  const version = hash({ entries, SERVICE_TYPES, CATEGORIES });
  const base = { version, institutions: entries.length, serviceTypes: SERVICE_TYPES.length };
  if ((await getCatalogueVersion()) === version)
    return { ...base, changed: false, written: 0, deactivated: 0 };

  const at = now.toISOString();
  await putServiceTypes(SERVICE_TYPES, at);
  await putCategories(CATEGORIES, at);
  let written = 0;
  await inBatches(entries, 10, async (entry) => {
    if (await upsertInstitution(entry, hash(entry), at)) written++;
  });
  const ids = new Set(entries.map((e) => e.id));
  const retired = (await listInstitutions()).filter((i) => !ids.has(i.id) && i.status === 'active');
  await inBatches(retired, 10, (i) => deactivateInstitution(i.id, at));
  await putCatalogueVersion(
    version,
    { institutions: entries.length, serviceTypes: SERVICE_TYPES.length },
    at,
  );
  return { ...base, changed: true, written, deactivated: retired.length };
}
