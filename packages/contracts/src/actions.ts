/**
 * The actions a group may be refused, declared once: for each, the section(s) that allow it and, per
 * section, the Limited gate (a field of that section the group must hold). The API's guard reads this
 * for every route that names an action, and the SPA's buttons read it through `mayRunAction`, so a
 * button shows exactly when the server would run it.
 */
import { isFieldAllowed, permOf, type Perm, type PermHolder } from './perms';
import { fieldsOf, type SECTION_FIELDS, type SectionName } from './sections';

type FieldOf<S> = S extends keyof typeof SECTION_FIELDS ? (typeof SECTION_FIELDS)[S][number] : never;

/** One way to be allowed an action: write on the section and, at Limited, its gate among the fields. */
export type ActionRight = { [S in SectionName]: { section: S; gate?: FieldOf<S> } }[SectionName];

export interface ActionDeclaration {
  /** Names the action in a refusal. */
  label: string;
  /** Any one of these allows the action; the first that does decides (its row scope applies). */
  rights: readonly ActionRight[];
  /** The action is this key of a wider write's body: it applies only when the body carries the key. */
  bodyKey?: string;
  /**
   * The fields of the gate's section the action's body writes: at Limited the group needs them beside
   * the gate (hiddenFieldWritten refuses the body otherwise), so a gate without them is refused when
   * the group is saved (gateWithoutItsFields) and the group editor grants them with the gate.
   */
  writes?: readonly string[];
}

const APA = (gate: FieldOf<'APA'>) => ({ section: 'APA', gate }) as const;

export const ACTIONS = {
  reducePosition: { label: 'Reduce position', rights: [APA('reduce_p')] },
  skipCheck: { label: 'Skip k-exit checks', rights: [APA('skip_check_k_exit')], writes: ['skip_check_by_timer', 'skip_check_by_distance'] },
  recoverKExit: { label: 'Recover k-exit', rights: [APA('skip_check_k_exit')] },
  closeLostPosition: { label: 'Close lost position', rights: [APA('close_market')] },
  changeAccountDeposit: { label: 'Change deposit', rights: [APA('change_deposit')] },
  // The closes serve two screens: position administration (judged by APA and its gates) and the signals
  // API (any signals writer, within its row scope). Either allows; APA first, as it sees every position.
  closeMarket: { label: 'Close market', rights: [APA('close_market'), { section: 'signals' }] },
  closeLimit: { label: 'Close limit', rights: [APA('close_market'), { section: 'signals' }] },
  closeBestLimit: { label: 'Best limit', rights: [APA('best_limit'), { section: 'signals' }] },
  cancelSignal: { label: 'Cancel signal', rights: [{ section: 'signals' }] },
  cancelOrder: { label: 'Cancel order', rights: [{ section: 'orders', gate: 'action' }] },
  addStrategyProfile: { label: 'Add strategy profile', rights: [{ section: 'profiles', gate: 'add' }] },
  strategyProfileVisibility: { label: 'Strategy profile visibility', rights: [{ section: 'profiles', gate: 'is_show' }], bodyKey: 'is_show' },
  changeMmDeposit: { label: 'Change MM Deposit', rights: [{ section: 'mm_profiles', gate: 'change_deposit' }] },
} as const satisfies Record<string, ActionDeclaration>;

export type ActionName = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

export function actionOf(name: ActionName): ActionDeclaration {
  return ACTIONS[name];
}

/** For each Limited gate of a section, the fields the actions it allows write (gates that write none are left out). */
export function gateFieldsOf(section: SectionName): Readonly<Record<string, readonly string[]>> {
  const needs: Record<string, string[]> = {};
  for (const action of Object.values(ACTIONS) as ActionDeclaration[]) {
    for (const right of action.rights) {
      if (right.section !== section || right.gate === undefined || !action.writes?.length) continue;
      needs[right.gate] = [...new Set([...(needs[right.gate] ?? []), ...action.writes])];
    }
  }
  return needs;
}

/** At Limited, the first gate the perm holds without every field its actions write (null: none). */
export function gateWithoutItsFields(perm: Perm): { gate: string; fields: readonly string[] } | null {
  if (perm.status !== 'Limited') return null;
  for (const [gate, fields] of Object.entries(gateFieldsOf(perm.section_name))) {
    if (perm.fields.includes(gate) && !fields.every((field) => perm.fields.includes(field))) return { gate, fields };
  }
  return null;
}

/** Whether one perm grants one right: a writing level, and at Limited the gate among its fields. */
export function rightAllows(perm: Perm, right: ActionRight): boolean {
  if (perm.section_name !== right.section) return false;
  if (perm.status !== 'Full' && perm.status !== 'Limited') return false;
  return right.gate === undefined || isFieldAllowed(perm, right.gate);
}

/**
 * A screen's judgement: whether this perm (the screen's section) allows the action. A section the
 * action does not list never allows it.
 */
export function mayRunAction(perm: Perm, action: ActionName): boolean {
  return actionOf(action).rights.some((right) => rightAllows(perm, right));
}

/** The server's judgement: the first right the holder's perms grant, or null when none does. */
export function allowingRight(holder: PermHolder | null | undefined, action: ActionName): { right: ActionRight; perm: Perm } | null {
  for (const right of actionOf(action).rights) {
    const perm = permOf(holder, right.section);
    if (rightAllows(perm, right)) return { right, perm };
  }
  return null;
}

/**
 * Body keys that are not the section field of the same name: another field (body key → field), or
 * null for a key that only names what the action works on and changes no field. Any other body key
 * that is one of the section's fields writes that field.
 */
export const WRITE_FIELD_ALIASES: Partial<Record<SectionName, Readonly<Record<string, string | null>>>> = {
  // close-lost-position names the pair and side of the lost position it closes.
  APA: { side: null },
};

/**
 * At Limited, the first body key that changes a field of the section the group cannot see (null: none).
 * Keys that are no field of the section (action parameters such as `percent`) pass.
 */
export function hiddenFieldWritten(perm: Perm, body: unknown): string | null {
  if (perm.status !== 'Limited' || !body || typeof body !== 'object' || Array.isArray(body)) return null;
  const fields = fieldsOf(perm.section_name);
  const aliases = WRITE_FIELD_ALIASES[perm.section_name] ?? {};
  for (const key of Object.keys(body)) {
    const field = Object.hasOwn(aliases, key) ? aliases[key] : key;
    if (field !== null && fields.includes(field) && !isFieldAllowed(perm, field)) return field;
  }
  return null;
}

/** Whether a perm may write every one of these fields (a form that sends them all). */
export function mayWriteFields(perm: Perm, fields: readonly string[]): boolean {
  if (perm.status !== 'Full' && perm.status !== 'Limited') return false;
  return fields.every((field) => isFieldAllowed(perm, field));
}
