/**
 * Every key of the single table, built here and nowhere else. Attribute names are generic (pk, sk, gsi1pk,
 * gsi1sk, gsi2pk, gsi2sk); ids are ULIDs; dates in sort keys are ISO (YYYY-MM-DD) so they sort as strings.
 * The access patterns these serve are listed in ./README.md.
 *
 * Add new builders here (append; keep one builder per item kind). Never build a key inline elsewhere.
 */
export interface Key {
  pk: string;
  sk: string;
}
export interface Indexed extends Key {
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

const USER = (userId: string) => `USER#${userId}`;
const FAMILY = (familyId: string) => `FAMILY#${familyId}`;

export const keys = {
  // ── users ──────────────────────────────────────────────────────────────────────────────────────────────
  /** A user's profile (spec 1 §3 user_profiles). */
  profile: (userId: string): Key => ({ pk: USER(userId), sk: 'PROFILE' }),
  /** The user's membership: which family they belong to and their role. One per user. */
  membership: (userId: string): Key => ({ pk: USER(userId), sk: 'MEMBERSHIP' }),

  // ── families ───────────────────────────────────────────────────────────────────────────────────────────
  family: (familyId: string): Key => ({ pk: FAMILY(familyId), sk: 'FAMILY' }),
  /** Uniqueness guard: one family per owner (conditional put on this key). */
  familyOwner: (userId: string): Key => ({ pk: USER(userId), sk: 'OWNS_FAMILY' }),
  member: (familyId: string, userId: string): Key => ({ pk: FAMILY(familyId), sk: `MEMBER#${userId}` }),
  membersPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'MEMBER#' }),
  /** The family's admins as one set (`admins`): role changes are conditional writes on it (never none left). */
  admins: (familyId: string): Key => ({ pk: FAMILY(familyId), sk: 'ADMINS' }),
  /** A pending member by e-mail; joins when that address signs up. gsi1 finds pendings by e-mail. */
  pendingMember: (familyId: string, email: string): Indexed => ({
    pk: FAMILY(familyId),
    sk: `PENDING#${email}`,
    gsi1pk: `EMAIL#${email}`,
    gsi1sk: `PENDING#${familyId}`,
  }),
  pendingByEmail: (email: string) => ({ index: 'gsi1', pk: `EMAIL#${email}`, skPrefix: 'PENDING#' }),
  subscription: (familyId: string): Key => ({ pk: FAMILY(familyId), sk: 'SUBSCRIPTION' }),
  /** The trial banners one member dismissed (spec 1 §4: a dismissal is reported per member). */
  subscriptionDismissals: (familyId: string, userId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `SUBSCRIPTION#DISMISSED#${userId}`,
  }),
  /** The family a payment provider's customer pays for (events that name only the customer). */
  billingCustomer: (customerId: string): Key => ({ pk: `BILLING_CUSTOMER#${customerId}`, sk: 'FAMILY' }),

  // ── accounts ───────────────────────────────────────────────────────────────────────────────────────────
  account: (familyId: string, accountId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `ACCOUNT#${accountId}`,
  }),
  accountsPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'ACCOUNT#' }),

  // ── uploads (extraction records) ───────────────────────────────────────────────────────────────────────
  upload: (familyId: string, uploadId: string): Key => ({ pk: FAMILY(familyId), sk: `UPLOAD#${uploadId}` }),
  uploadsPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'UPLOAD#' }),
  /** A statement held for the family's check: its reasons, the family's edits (who, when) and the outcome. */
  statementCheck: (familyId: string, uploadId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `CHECK#${uploadId}`,
  }),
  statementChecksPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'CHECK#' }),

  // ── transactions ───────────────────────────────────────────────────────────────────────────────────────
  /**
   * A transaction. The sort key carries account, date and fingerprint, so the same row written twice is the
   * same item (conditional put => no duplicates). gsi1: the family's transactions by date (newest first with
   * ScanIndexForward=false). gsi2: sparse, present only while unclassified.
   */
  transaction: (familyId: string, accountId: string, date: string, fingerprint: string): Indexed => ({
    pk: FAMILY(familyId),
    sk: `TXN#${accountId}#${date}#${fingerprint}`,
    gsi1pk: `${FAMILY(familyId)}#TXN`,
    gsi1sk: `${date}#${accountId}#${fingerprint}`,
  }),
  unclassifiedIndex: (familyId: string, date: string, accountId: string, fingerprint: string) => ({
    gsi2pk: `${FAMILY(familyId)}#UNCLASSIFIED`,
    gsi2sk: `${date}#${accountId}#${fingerprint}`,
  }),
  /** An account's transactions in a date range: pk = family, sk between these two. */
  accountTransactionsRange: (
    familyId: string,
    accountId: string,
    from = '0000-00-00',
    to = '9999-99-99',
  ) => ({
    pk: FAMILY(familyId),
    skFrom: `TXN#${accountId}#${from}`,
    skTo: `TXN#${accountId}#${to}#~`,
  }),
  /** The family's transactions in a date range, via gsi1. */
  familyTransactionsRange: (familyId: string, from = '0000-00-00', to = '9999-99-99') => ({
    index: 'gsi1',
    pk: `${FAMILY(familyId)}#TXN`,
    skFrom: from,
    skTo: `${to}#~`,
  }),
  unclassifiedPrefix: (familyId: string) => ({ index: 'gsi2', pk: `${FAMILY(familyId)}#UNCLASSIFIED` }),

  // ── learning and audit ─────────────────────────────────────────────────────────────────────────────────
  pattern: (familyId: string, patternId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `PATTERN#${patternId}`,
  }),
  patternsPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'PATTERN#' }),
  audit: (familyId: string, auditId: string): Key => ({ pk: FAMILY(familyId), sk: `AUDIT#${auditId}` }),
  auditPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'AUDIT#' }),
  rejectedMatch: (familyId: string, matchId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `REJECTED#${matchId}`,
  }),
  rejectedMatchesPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'REJECTED#' }),
  matchCandidate: (familyId: string, matchId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `MATCH#${matchId}`,
  }),
  matchCandidatesPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'MATCH#' }),
  /**
   * The lease one upload holds while Persist writes an account's rows: statements of one account are
   * persisted one at a time, so each upload's counts say what that upload added.
   */
  persistLease: (familyId: string, accountId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `LEASE#PERSIST#${accountId}`,
  }),
  /**
   * The family's transaction review job (classification of unclassified rows): one item per family, so there
   * is one job at a time; a second start finds it running and joins it.
   */
  classificationJob: (familyId: string): Key => ({ pk: FAMILY(familyId), sk: 'JOB#CLASSIFICATION' }),
  /** Per-month roll-up, recomputed (never incremented) after each upload. */
  rollup: (familyId: string, month: string): Key => ({ pk: FAMILY(familyId), sk: `ROLLUP#${month}` }),
  /** The family's roll-ups from one month to another (YYYY-MM, both included): pk = family, sk between. */
  rollupsRange: (familyId: string, fromMonth = '0000-00', toMonth = '9999-99') => ({
    pk: FAMILY(familyId),
    skFrom: `ROLLUP#${fromMonth}`,
    skTo: `ROLLUP#${toMonth}`,
  }),
  rollupsPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'ROLLUP#' }),
  /** A family member's assistant chat: the last 10 messages, one item per member. */
  assistantChat: (familyId: string, userId: string): Key => ({ pk: FAMILY(familyId), sk: `CHAT#${userId}` }),
  /** The family's assistant questions in one rate-limit window (a counter that expires). */
  assistantRate: (familyId: string, window: string): Key => ({
    pk: FAMILY(familyId),
    sk: `RATE#ASSISTANT#${window}`,
  }),

  // ── spending by category ───────────────────────────────────────────────────────────────────────────────
  /** A category the family chose for a merchant (learned from a category change), by merchant key. */
  categoryRule: (familyId: string, merchantKey: string): Key => ({
    pk: FAMILY(familyId),
    sk: `CATRULE#${merchantKey}`,
  }),
  categoryRulesPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'CATRULE#' }),
  /** Spending roll-up of one month and account (recomputed from the rows, never incremented). */
  spendRollup: (familyId: string, month: string, accountId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `SPEND#${month}#${accountId}`,
  }),
  /** Spending roll-up of one calendar year and account: its months merged (refreshed with them). */
  spendYearRollup: (familyId: string, year: string, accountId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `SPENDYEAR#${year}#${accountId}`,
  }),
  spendYearRollupRange: (familyId: string, from: string, to: string) => ({
    pk: FAMILY(familyId),
    skFrom: `SPENDYEAR#${from}#`,
    skTo: `SPENDYEAR#${to}#~`,
  }),
  /** The roll-ups of months `from`..`to` (YYYY-MM), all accounts: pk = family, sk between these two. */
  spendRollupRange: (familyId: string, from: string, to: string) => ({
    pk: FAMILY(familyId),
    skFrom: `SPEND#${from}#`,
    skTo: `SPEND#${to}#~`,
  }),

  // ── bills and regular payments ─────────────────────────────────────────────────────────────────────────
  /** What the family decided about one regular series (confirm, rename, category, not regular, ended). */
  billDecision: (familyId: string, seriesId: string): Key => ({
    pk: FAMILY(familyId),
    sk: `BILL#${seriesId}`,
  }),
  billDecisionsPrefix: (familyId: string) => ({ pk: FAMILY(familyId), skPrefix: 'BILL#' }),

  // ── institutions (global catalogue) ────────────────────────────────────────────────────────────────────
  institution: (institutionId: string, displayName: string): Indexed => ({
    pk: `INSTITUTION#${institutionId}`,
    sk: 'INSTITUTION',
    gsi1pk: 'INSTITUTIONS',
    gsi1sk: `${displayName.toLowerCase()}#${institutionId}`,
  }),
  institutionsIndex: () => ({ index: 'gsi1', pk: 'INSTITUTIONS' }),
  serviceTypes: (): Key => ({ pk: 'CATALOGUE', sk: 'SERVICE_TYPES' }),
  /** The spending categories (spec 3 §3), seeded with the catalogue: one item. */
  categories: (): Key => ({ pk: 'CATALOGUE', sk: 'CATEGORIES' }),
  /** The content hash of the last seeded catalogue: the seed does nothing when it is unchanged. */
  catalogueVersion: (): Key => ({ pk: 'CATALOGUE', sk: 'VERSION' }),

  // ── sign-in ────────────────────────────────────────────────────────────────────────────────────────────
  /** The current magic link of an address (hash only) and its last send time (rate limit). */
  magicLink: (email: string): Key => ({ pk: `EMAIL#${email}`, sk: 'MAGIC_LINK' }),
  invitation: (tokenHash: string): Key => ({ pk: `INVITE#${tokenHash}`, sk: 'INVITE' }),

  // ── a user's families (members beyond the creator) ────────────────────────────────────────────────────
  /** gsi1 on a member row: the families a user belongs to (the header's family switcher). */
  memberOfIndex: (userId: string, familyId: string) => ({
    gsi1pk: `${USER(userId)}#FAMILIES`,
    gsi1sk: FAMILY(familyId),
  }),
  familiesOfUser: (userId: string) => ({ index: 'gsi1', pk: `${USER(userId)}#FAMILIES` }),

  // ── global ─────────────────────────────────────────────────────────────────────────────────────────────
  feedback: (feedbackId: string): Key => ({ pk: 'FEEDBACK', sk: `FEEDBACK#${feedbackId}` }),
  /** A landing analytics event (no personal data), under its day's partition. */
  analyticsEvent: (day: string, eventId: string): Key => ({ pk: `ANALYTICS#${day}`, sk: `EVENT#${eventId}` }),
  analyticsDay: (day: string) => ({ pk: `ANALYTICS#${day}`, skPrefix: 'EVENT#' }),
  /** A public route's request counter for one caller in one window; `hash` hides the address (TTL item). */
  rateLimit: (bucket: string, hash: string): Key => ({ pk: `RATE#${bucket}#${hash}`, sk: 'RATE' }),
} as const;
