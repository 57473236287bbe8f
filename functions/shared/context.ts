import type { MemberRole } from '../contracts/family';

/**
 * Who is calling, as the services see it: ground-level types with no trace of HTTP. The HTTP middleware
 * (functions/app/http.ts) builds them from the verified token and the caller's membership; services take them.
 */

/** Who is calling: taken ONLY from the claims the JWT authorizer verified. */
export interface AuthContext {
  userId: string;
  email: string;
}

/**
 * The caller and their family, resolved once per request by the middleware from the verified token and the
 * caller's membership record. Family-scoped services take this; never a family id from a body, path or query.
 */
export interface FamilyContext extends AuthContext {
  familyId: string;
  role: MemberRole;
}

/** What a public route's limits need to know about a request: where it came from, what it carried. */
export interface RequestFacts {
  /** The caller's address as the gateway saw it ('unknown' when it gave none). */
  sourceIp: string;
  userAgent: string | null;
  /** The body's size in bytes as received (a base64 body counted decoded). */
  bodyBytes: number;
}

/**
 * A record a route reads by its id in the caller's family (an account, an upload) or the family's own record.
 * A route that declares one has it read beside the caller's membership (functions/app/http.ts).
 */
export type OwnRecord = { kind: 'account'; id: string } | { kind: 'upload'; id: string } | { kind: 'family' };

/**
 * The route's own record as the middleware read it, consistently and in the same request as the caller's
 * membership, in the family that membership names (`item` null: that family has no such record). Only ever
 * built for the family the request was resolved to; a service hands it to the repository that would read the
 * record, which takes it instead of reading again (and reads as ever when it names another record).
 */
export interface ReadAlong {
  familyId: string;
  record: OwnRecord;
  item: Record<string, unknown> | null;
}
