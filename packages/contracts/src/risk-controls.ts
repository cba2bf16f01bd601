/**
 * The Risk Control Service: triggers, their values and the new trigger form.
 * Quoted texts are the spec's; the rest are our own words.
 */
import { FORMATS } from './columns';
import type { ListQueryAccess } from './list-query';
import type { NamedRef } from './positions';
import { defineResource } from './resource';
import type { RiskTriggerType } from './trading';

/** 'The value can be only in interval of A - B'. */
export const intervalMessage = (min: number, max: number) => `The value can be only in interval of ${min} - ${max}`;

/** A trigger's value range by its type: only imp_loss allows negatives. */
export const TRIGGER_VALUE_RANGES: Record<RiskTriggerType, { min: number; max: number }> = {
  nav: { min: 0, max: 100 },
  var: { min: 0, max: 500 },
  imp_loss: { min: -100, max: 0 },
  opposite_dir: { min: 0, max: 100 },
  nav_reducing: { min: 0, max: 100 },
  timer: { min: 0, max: 3000 },
  nav_alerting: { min: 0, max: 100 },
};

/** The create form's kinds and the trigger type each one makes (POST sends nav_reducing fields). */
export const TRIGGER_KINDS = { nav_alerting: 'NAV Alerting', nav_reducing: 'Hard Risk Control' } as const;
export type TriggerKind = keyof typeof TRIGGER_KINDS;
export const TRIGGER_KIND_VALUES = Object.keys(TRIGGER_KINDS) as TriggerKind[];

/** The new trigger form's ranges. */
export const NEW_TRIGGER_RANGES = {
  trigger_blocker: { min: 0, max: 100 },
  timer: { min: 0, max: 300 },
  position_reduce: { min: 0, max: 100 },
  x_percent_depo: { min: 0, max: 100 },
  y_percent_depo: { min: 0, max: 100 },
} as const;

/** Timer of a trigger when edited from the table: the form's range. */
export const TRIGGER_TIMER_RANGE = NEW_TRIGGER_RANGES.timer;
/** Decimals a trigger value keeps. */
export const TRIGGER_VALUE_DECIMALS = 8;
export const TRIGGER_NAME_MAX = 128;
export const TRIGGER_RULES_MAX = 1000;
/** The reduce fields Hard Risk Control needs and NAV Alerting clears. */
export const TRIGGER_REDUCE_FIELDS = ['position_reduce', 'x_percent_depo', 'y_percent_depo'] as const;

export const RISK_CONTROL_MESSAGES = {
  kindBlank: 'Kind field can’t be blank',
  timerBlank: 'Timer field can’t be blank',
  blockerBlank: 'Blocker field can’t be blank',
  positionReduceBlank: 'Position reduce field can’t be blank',
  xPercentBlank: 'X percent depo field can’t be blank',
  yPercentBlank: 'Y percent depo field can’t be blank',
  valueInvalid: 'Please enter a valid number',
  timerWhole: 'Timer must be a whole number of minutes.',
  nameBlank: 'Name of Trigger can’t be blank',
  nameTooLong: `Name of Trigger could be maximum ${TRIGGER_NAME_MAX} symbols`,
  rulesTooLong: `Rules could be maximum ${TRIGGER_RULES_MAX} symbols`,
  noReduceForAlerting: 'NAV Alerting has no position reduce, X or Y percent depo.',
  profileUnknown: 'Pick existing strategy profiles.',
  groupIdsInvalid: 'Enter profile ids as whole numbers separated by commas.',
  accountUnknown: 'Pick an existing exchange account.',
  editEmpty: 'Send at least one field to change.',
} as const;

/** The RCS screen's texts. */
export const RISK_CONTROL_UI = {
  empty: 'There are no RCS data yet...',
  showAll: 'Show All',
  hideUnpicked: 'Hide Unpicked',
  add: 'Add',
  placeholder: '1-100',
  /** The header of the row menu's column, after the declared ones (RISK_TRIGGER_RESOURCE). */
  actionColumn: 'Action',
} as const;

/** Labels of the editable values, also the titles of their modal. */
export const TRIGGER_FIELD_LABELS = {
  trigger_name: 'Name of Trigger',
  trigger_blocker: 'Trigger(event) blocker',
  trigger_unblocker: 'Trigger-Unblocker',
  rules: 'Risk control rules',
  timer: 'Timer(min)',
  position_reduce: 'Position reduce',
  x_percent_depo: 'X percent depo',
  y_percent_depo: 'Y percent depo',
} as const;
export type TriggerEditableField = keyof typeof TRIGGER_FIELD_LABELS;

/** `GET strategies/risk-controls/`: show_hide=true lists hidden triggers too (risk_control is Full or NP only). */
export const RISK_CONTROL_LIST_QUERY = {
  filters: { show_hide: 'is_show' },
  orderings: {},
} as const satisfies ListQueryAccess;

export const RISK_CONTROL_PAGE_SIZE = 100;

/** `GET strategies/risk-controls/groups/`: the group picker's profiles, searched by title (or id), or named by id. */
export const RISK_GROUP_OPTIONS_QUERY = {
  filters: { search: 'title', id__in: 'id' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** A trigger as `GET strategies/risk-controls/` answers it (risk_control has no Limited level). */
export interface RiskTrigger {
  id: number;
  trigger_name: string;
  trigger_type: RiskTriggerType;
  trigger_blocker: number;
  trigger_blocker_opp_dir_sp: number | null;
  trigger_blocker_opp_dir_atr: number | null;
  /** Profile ids. */
  trigger_blocker_active_profile: number[];
  trigger_unblocker: number | null;
  /** Profile ids. */
  group_profiles: number[];
  account: NamedRef | null;
  alert: boolean;
  rules: string;
  timer: number;
  position_reduce: number | null;
  x_percent_depo: number | null;
  y_percent_depo: number | null;
  is_active: boolean;
  is_show: boolean;
}

/**
 * The RCS table, in the screen's order (the row menu's Action column follows). Values show as stored;
 * the rules cell adds the reduce figures and the group names its profiles: the screen draws those.
 */
export const RISK_TRIGGER_RESOURCE = defineResource<RiskTrigger>()({
  name: 'risk-controls',
  section: 'risk_control',
  query: RISK_CONTROL_LIST_QUERY,
  columns: [
    { field: 'id', header: '#', format: FORMATS.integer, limited: true },
    { field: 'trigger_name', header: TRIGGER_FIELD_LABELS.trigger_name, format: FORMATS.text, limited: false },
    { field: 'trigger_blocker', header: TRIGGER_FIELD_LABELS.trigger_blocker, format: FORMATS.text, limited: false },
    { field: 'trigger_unblocker', header: TRIGGER_FIELD_LABELS.trigger_unblocker, format: FORMATS.text, limited: false },
    { field: 'rules', header: TRIGGER_FIELD_LABELS.rules, format: FORMATS.text, limited: false },
    { field: 'timer', header: TRIGGER_FIELD_LABELS.timer, format: FORMATS.integer, limited: false },
    { field: 'alert', header: 'Alert', format: FORMATS.yesNo, limited: false },
    { field: 'group_profiles', header: 'Group', format: FORMATS.text, limited: false },
    { field: 'is_active', header: 'Active', format: FORMATS.yesNo, limited: false },
    { field: 'is_show', header: 'Visibility', format: FORMATS.yesNo, limited: false },
  ],
});

/** Whether a value is within a range, as the SPA's form and the API's DTO both check it. */
export function isWithin(value: number, range: { min: number; max: number }): boolean {
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}
