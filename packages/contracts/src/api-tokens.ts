/**
 * Personal API tokens: a Bearer credential for scripts, within its user's privileges. The routes, the
 * limits, the texts, the areas a token never reaches and the rule that makes a token's level per section
 * are written here once; the API, the SPA and the tests read them.
 */
import { canRead, permOf, defaultPerm, type Perm, type PermHolder } from './perms';
import { SECTIONS, type Level, type SectionName } from './sections';

/** Every token starts so: secret scanners (and people) recognise a leaked one. */
export const API_TOKEN_PREFIX = 'tc_';

export const API_TOKEN_LIMITS = {
  nameMax: 64,
  /** Random bytes behind the prefix (base64url, 43 characters). */
  secretBytes: 32,
  /** How much of the token a list shows: the prefix and the first characters of the secret. */
  shownChars: 11,
  maxExpiryDays: 365,
  perUser: 20,
  /** Requests one token may make per window; beyond, 429. */
  requests: { max: 120, windowSeconds: 60 },
  /** last_used_at is written at most this often. */
  lastUsedEverySeconds: 60,
  /** A revoked or expired token's row is kept this long (an audit row names it), then purged. */
  keepSpentDays: 30,
} as const;

/**
 * What a token may never do, whatever its levels: manage users, groups, tokens, sessions or passwords
 * (the credentials and privileges a leaked token could use to dig in), or switch an account to live.
 */
export const API_TOKEN_FORBIDDEN_AREAS = ['users', 'groups', 'tokens', 'sessions', 'passwords', 'live_switch', 'alert_channels'] as const;
export type ApiTokenForbiddenArea = (typeof API_TOKEN_FORBIDDEN_AREAS)[number];

/** The sections that are forbidden areas: a token holds NP there. */
export const API_TOKEN_FORBIDDEN_SECTIONS: readonly SectionName[] = SECTIONS.filter((s) => (API_TOKEN_FORBIDDEN_AREAS as readonly string[]).includes(s));

export const API_TOKEN_MESSAGES = {
  nameBlank: 'Name can’t be blank',
  nameTooLong: `Name could be maximum ${API_TOKEN_LIMITS.nameMax} symbols`,
  expiryInvalid: 'Enter the expiry as a date and time in the future.',
  expiryTooFar: `A token can last at most ${API_TOKEN_LIMITS.maxExpiryDays} days.`,
  tooMany: `You have ${API_TOKEN_LIMITS.perUser} live tokens already. Revoke one first.`,
  sectionListedTwice: 'This section is listed twice.',
  levelAboveGroup: (section: string, level: Level, group: Level) => `A token cannot hold ${level} on ${section}: your group gives you ${group} there.`,
  forbiddenSection: (section: string) => `A token cannot be given ${section}.`,
  areaForbidden: 'API tokens cannot be used here: users, groups, tokens, sessions, passwords, alert channels and the switch to live need a signed-in session.',
  tooManyRequests: 'Too many requests with this API token. Please wait and try again.',
} as const;

export const API_TOKEN_UI = {
  title: 'API tokens',
  create: 'Create token',
  name: 'Name',
  prefix: 'Token',
  levels: 'Levels',
  created: 'Created',
  lastUsed: 'Last used',
  expires: 'Expires',
  never: 'Never',
  revoke: 'Revoke',
  revokeFor: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke token',
  revokeText: (name: string) => `Scripts using ${name} will get 401 from their next request.`,
  noTokens: 'No API tokens yet',
  expiry: 'Expires on',
  levelsHelp: 'A level per section, never above your own group’s.',
  section: 'Section',
  sectionsCount: (n: number) => `${n} sections`,
  level: 'Level',
  createdTitle: 'Your new token',
  shownOnce: 'Copy it now: it is shown only once.',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  /** How the SPA names a token level. */
  levelNames: { Full: 'Full', Limited: 'Limited', ReadOnly: 'Read only', NP: 'None' } as Record<Level, string>,
} as const;

/** One level per section, as a token holds it and `POST users/tokens/` takes it. */
export interface ApiTokenPerm {
  section_name: SectionName;
  status: Level;
}

/** A token in its owner's list (`GET users/tokens/`): never the token itself. */
export interface ApiToken {
  id: number;
  name: string;
  /** The first characters of the token, to tell tokens apart. */
  prefix: string;
  perms: ApiTokenPerm[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
}

export interface ApiTokenList {
  results: ApiToken[];
}

/** `POST users/tokens/`: the token, answered this once. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

export interface CreateApiToken {
  name: string;
  expires_at: string;
  perms?: ApiTokenPerm[];
}

/**
 * The levels a token may hold on a section where the user's group holds `group`: none; read only where
 * the group reads; the group's own level where it writes (Full, or Limited with the group's columns).
 * Never more than that, and nothing on a forbidden section.
 */
export function apiTokenLevelsWithin(section: SectionName, group: Level): Level[] {
  if (API_TOKEN_FORBIDDEN_SECTIONS.includes(section) || group === 'NP') return ['NP'];
  return group === 'Full' || group === 'Limited' ? [group, 'ReadOnly', 'NP'] : ['ReadOnly', 'NP'];
}

/** What a new token holds unless told: read only on every section its user reads (forbidden ones left out). */
export function defaultApiTokenPerms(user: PermHolder): ApiTokenPerm[] {
  return SECTIONS.filter((s) => canRead(user, s) && !API_TOKEN_FORBIDDEN_SECTIONS.includes(s)).map((section_name) => ({ section_name, status: 'ReadOnly' }));
}

/**
 * A token's perm on a section at request time: the lower of its own level and the group's as the group
 * is now. The order of levels is partial (isLevelWithin): where the two do not contain each other
 * (a Limited token whose group went ReadOnly) the token gets NP. `readOnly` says the perm may read but
 * never write: a read-only token on a section where the group is Limited keeps the group's columns.
 */
export function apiTokenPerm(group: Perm, token: Level): { perm: Perm; readOnly: boolean } {
  const section = group.section_name;
  const none = { perm: defaultPerm(section, 'NP'), readOnly: false };
  if (token === 'NP' || group.status === 'NP' || API_TOKEN_FORBIDDEN_SECTIONS.includes(section)) return none;
  if (token === 'ReadOnly') {
    if (group.status === 'Full') return { perm: { ...group, status: 'ReadOnly' }, readOnly: false };
    return { perm: group, readOnly: group.status === 'Limited' };
  }
  if (token === 'Full') return { perm: group, readOnly: false };
  // Limited: the group's columns while it is Limited; a group raised to Full opens none more (no fields);
  // a group lowered to ReadOnly contains no Limited level.
  if (group.status === 'Limited') return { perm: group, readOnly: false };
  if (group.status === 'Full') return { perm: defaultPerm(section, 'Limited'), readOnly: false };
  return none;
}

/** The perms of a token over its user's group now, and the sections it may only read. */
export function apiTokenPerms(group: PermHolder, token: readonly ApiTokenPerm[]): { perms: Perm[]; readOnlySections: SectionName[] } {
  const perms: Perm[] = [];
  const readOnlySections: SectionName[] = [];
  for (const section of SECTIONS) {
    const level = token.find((p) => p.section_name === section)?.status ?? 'NP';
    const { perm, readOnly } = apiTokenPerm(permOf(group, section), level);
    perms.push(perm);
    if (readOnly) readOnlySections.push(section);
  }
  return { perms, readOnlySections };
}

export function isApiTokenText(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}
