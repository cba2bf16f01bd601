/**
 * Pure privilege rules, shared by the API's guard and the SPA's menus, tabs and routes,
 * so that what the server refuses and what the client hides cannot disagree.
 */
import { ALLOWED_LEVELS, fieldsOf, identityKeysOf, Level, SECTIONS, SectionName } from './sections';

const DEFAULT_SIGNALS_COUNT = 200;

export interface Perm {
  section_name: SectionName;
  status: Level;
  fields: string[];
  filtering: boolean;
  sorting: boolean;
  is_only_finished: boolean;
  signals_count: number;
}

/** What a group holds; perms may be missing sections (they read as the defaults below). */
export interface PermHolder {
  perms: readonly Partial<Perm>[] | null | undefined;
}

/**
 * A section absent from a non-empty perms list: filtering and sorting default to true,
 * finished-only to false, signals_count to 200. Its status is NP: an absent
 * section must never open anything.
 */
export function defaultPerm(section: SectionName, status: Level = 'NP'): Perm {
  return {
    section_name: section,
    status,
    fields: [],
    filtering: true,
    sorting: true,
    is_only_finished: false,
    signals_count: DEFAULT_SIGNALS_COUNT,
  };
}

/** The perm in force for a section; an empty or missing perms list reads as all NP. */
export function permOf(holder: PermHolder | null | undefined, section: SectionName): Perm {
  return withDefaults(holder?.perms?.find((p) => p.section_name === section), section);
}

/** The keys a stored perm may leave out; each one absent (or undefined) reads as its default. */
const PERM_SETTINGS = ['status', 'fields', 'filtering', 'sorting', 'is_only_finished', 'signals_count'] as const satisfies readonly (keyof Perm)[];

/** A stored perm (or none) with its absent settings filled in; every session check builds one per section. */
function withDefaults(found: Partial<Perm> | undefined, section: SectionName): Perm {
  const perm = defaultPerm(section);
  if (!found) return perm;
  const settings = perm as unknown as Record<(typeof PERM_SETTINGS)[number], unknown>;
  for (const key of PERM_SETTINGS) {
    if (found[key] !== undefined) settings[key] = found[key];
  }
  return perm;
}

export function levelOf(holder: PermHolder | null | undefined, section: SectionName): Level {
  return permOf(holder, section).status;
}

export function canRead(holder: PermHolder | null | undefined, section: SectionName): boolean {
  return levelOf(holder, section) !== 'NP';
}

/** ReadOnly and NP refuse every write; Limited writes, but gated actions also need their field. */
export function canWrite(holder: PermHolder | null | undefined, section: SectionName): boolean {
  const level = levelOf(holder, section);
  return level === 'Full' || level === 'Limited';
}

/**
 * Whether a column (or an action gate) is open: all at Full and ReadOnly; at Limited the listed ones and
 * the section's identity keys (IDENTITY_KEYS: id, and what the row's actions address).
 */
export function isFieldAllowed(perm: Perm, field: string): boolean {
  if (perm.status === 'NP') return false;
  if (perm.status !== 'Limited') return true;
  return identityKeysOf(perm.section_name).includes(field) || perm.fields.includes(field);
}

/**
 * The section field each key of an answer shows, where the answer does not name its keys after the
 * fields: an option lookup's `title` is the profile's `profile_title`. A key not listed shows a field
 * of no one's, and is dropped at Limited.
 */
export type AnswerFields = Readonly<Record<string, string>>;

/**
 * Keeps only the fields a perm opens (plus the section's identity keys). Full and ReadOnly see every field. Keys are
 * the fields' own names unless `fields` maps them (AnswerFields).
 */
export function projectRow<T extends Record<string, unknown>>(perm: Perm, row: T, fields?: AnswerFields): Partial<T> {
  if (perm.status !== 'Limited') return row;
  const out: Partial<T> = {};
  for (const key of Object.keys(row) as (keyof T & string)[]) {
    const field = fields ? (Object.hasOwn(fields, key) ? fields[key] : undefined) : key;
    if (identityKeysOf(perm.section_name).includes(key) || (field !== undefined && isFieldAllowed(perm, field))) out[key] = row[key];
  }
  return out;
}

/**
 * Whether an export file made under the perm `made` still shows only what `now` opens: at Limited, each
 * of its columns among the group's fields now, and (signals) its rows no less restricted than now.
 * `columns` are the fields of the file's columns.
 */
export function isExportStillVisible(made: Perm, now: Perm, columns: readonly string[]): boolean {
  if (now.status === 'NP') return false;
  if (now.status !== 'Limited') return true;
  if (!columns.every((field) => isFieldAllowed(now, field))) return false;
  if (now.section_name !== 'signals') return true;
  const before = signalRowLimits(made);
  const after = signalRowLimits(now);
  if (after.onlyFinished && !before.onlyFinished) return false;
  return after.newest === null || (before.newest !== null && before.newest <= after.newest);
}

/**
 * The group-form rules applied to a perm as submitted: NP clears fields, turns
 * filtering and sorting off and sets finished-only for signals; any other status turns filtering
 * and sorting on unless given; a change of the signals status resets signals_count to 200.
 */
export function normalizePerm(input: Partial<Perm> & { section_name: SectionName; status: Level }, previous?: Perm): Perm {
  const section = input.section_name;
  if (input.status === 'NP') {
    return {
      ...defaultPerm(section, 'NP'),
      filtering: false,
      sorting: false,
      is_only_finished: section === 'signals',
      signals_count: previous && previous.status === 'NP' ? previous.signals_count : DEFAULT_SIGNALS_COUNT,
    };
  }
  const statusChanged = !previous || previous.status !== input.status;
  const signalsCount =
    section === 'signals' && statusChanged
      ? DEFAULT_SIGNALS_COUNT
      : input.signals_count ?? previous?.signals_count ?? DEFAULT_SIGNALS_COUNT;
  const allowedFields = fieldsOf(section);
  return {
    section_name: section,
    status: input.status,
    fields: input.status === 'Limited' ? unique((input.fields ?? []).filter((f) => allowedFields.includes(f))) : [],
    filtering: input.filtering ?? true,
    sorting: input.sorting ?? true,
    is_only_finished: section === 'signals' ? input.is_only_finished ?? false : false,
    signals_count: signalsCount,
  };
}

/** Every section at one level: the default of a new group (all Full) or of an empty one (all NP). */
export function permsAll(status: Level): Perm[] {
  return SECTIONS.map((s) => defaultPerm(s, status));
}

/** The whole perms list of a group, one entry per section, absent ones filled in. */
export function completePerms(holder: PermHolder | null | undefined): Perm[] {
  const stored = new Map<SectionName | undefined, Partial<Perm>>();
  // The first entry of a section wins, as in permOf.
  for (const perm of holder?.perms ?? []) if (!stored.has(perm.section_name)) stored.set(perm.section_name, perm);
  return SECTIONS.map((section) => withDefaults(stored.get(section), section));
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/**
 * Whether level `level` gives no more than level `limit`: the order is partial. NP is within every level
 * and every level is within Full; ReadOnly and Limited do not contain each other, because ReadOnly sees
 * every column (a Limited holder could otherwise grant sight of columns hidden from itself) and Limited
 * may write. A level is within itself (for Limited, see isPermWithin for the columns).
 */
export function isLevelWithin(level: Level, limit: Level): boolean {
  return level === 'NP' || limit === 'Full' || level === limit;
}

/** The levels a section may be given by someone who holds `limit` there (what a group form offers). */
export function levelsWithin(section: SectionName, limit: Level): Level[] {
  return ALLOWED_LEVELS[section].filter((level) => isLevelWithin(level, limit));
}

/**
 * What a new group starts with in the form of someone holding `editor`: every section Full where the editor
 * holds Full, elsewhere the editor's own perm, the most it may grant there.
 */
export function newGroupPerms(editor: PermHolder | null | undefined): Perm[] {
  return SECTIONS.map((section) => {
    const own = permOf(editor, section);
    return own.status === 'Full' ? defaultPerm(section, 'Full') : own;
  });
}

/**
 * Whether a perm gives no more than another (privileges cannot be raised from inside): its level is
 * within the other's (isLevelWithin), and when both are at the same level below Full, it opens nothing
 * more. A Limited perm is within another Limited one when its columns are a subset and it filters or
 * sorts only where the other may; at any shared level, signals are no less restricted (finished-only
 * kept, a count no higher).
 */
export function isPermWithin(perm: Perm, limit: Perm): boolean {
  if (perm.status === 'NP' || limit.status === 'Full') return true;
  if (!isLevelWithin(perm.status, limit.status)) return false;
  if (perm.status === 'Limited') {
    if (!perm.fields.every((f) => limit.fields.includes(f))) return false;
    if ((perm.filtering && !limit.filtering) || (perm.sorting && !limit.sorting)) return false;
  }
  return (perm.is_only_finished || !limit.is_only_finished) && perm.signals_count <= limit.signals_count;
}

/** Whether every section of `holder` is within the same section of `limit`. */
export function arePermsWithin(holder: PermHolder | null | undefined, limit: PermHolder | null | undefined): boolean {
  return SECTIONS.every((section) => isPermWithin(permOf(holder, section), permOf(limit, section)));
}

/** A group at Full on every section: what the last administrator must keep. */
export function isFullOnEverything(holder: PermHolder | null | undefined): boolean {
  return SECTIONS.every((section) => levelOf(holder, section) === 'Full');
}

/**
 * Which signals a group's rows may include: at Limited, finished ones only when
 * is_only_finished is set (status 'finished': a signal whose trade ran to its end), and only the
 * newest signals_count of those. Other levels see every signal.
 */
export function signalRowLimits(perm: Perm): { onlyFinished: boolean; newest: number | null } {
  if (perm.status !== 'Limited') return { onlyFinished: false, newest: null };
  return { onlyFinished: perm.is_only_finished, newest: Math.max(0, perm.signals_count) };
}
