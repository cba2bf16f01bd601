import {
  intervalMessage,
  isWithin,
  NEW_TRIGGER_RANGES as R,
  RISK_CONTROL_MESSAGES as M,
  TRIGGER_TIMER_RANGE,
  TRIGGER_VALUE_RANGES,
  type RiskTrigger,
  type TriggerEditableField,
  type TriggerKind,
} from '@console/contracts';

export interface NewTriggerValues {
  trigger_type: TriggerKind | '';
  trigger_blocker: string;
  timer: string;
  position_reduce: string;
  x_percent_depo: string;
  y_percent_depo: string;
}

type NumberField = Exclude<keyof NewTriggerValues, 'trigger_type'>;

const BLANK: Record<NumberField, string> = {
  trigger_blocker: M.blockerBlank,
  timer: M.timerBlank,
  position_reduce: M.positionReduceBlank,
  x_percent_depo: M.xPercentBlank,
  y_percent_depo: M.yPercentBlank,
};

/** A number within its range, or the message that says why not. */
export function rangedError(raw: string, range: { min: number; max: number }, blank: string, whole = false): string | null {
  const text = raw.trim();
  if (text === '') return blank;
  const value = Number(text);
  if (!Number.isFinite(value) || (whole && !Number.isInteger(value))) return whole ? M.timerWhole : M.valueInvalid;
  return isWithin(value, range) ? null : intervalMessage(range.min, range.max);
}

/** The Add form's errors: the reduce fields only for Hard Risk Control. */
export function newTriggerErrors(values: NewTriggerValues): Partial<Record<keyof NewTriggerValues, string>> {
  const errors: Partial<Record<keyof NewTriggerValues, string>> = {};
  if (!values.trigger_type) errors.trigger_type = M.kindBlank;
  const fields: NumberField[] = ['trigger_blocker', 'timer'];
  if (values.trigger_type === 'nav_reducing') fields.push('position_reduce', 'x_percent_depo', 'y_percent_depo');
  for (const field of fields) {
    const error = rangedError(values[field], R[field], BLANK[field], field === 'timer');
    if (error) errors[field] = error;
  }
  return errors;
}

/** The edit modal's rule for one value of a trigger: blocker and unblocker by the trigger's type. */
export function editValueError(trigger: RiskTrigger, field: TriggerEditableField, raw: string): string | null {
  if (field === 'trigger_name') return raw.trim() ? null : M.nameBlank;
  if (field === 'rules') return null;
  if (field === 'timer') return rangedError(raw, TRIGGER_TIMER_RANGE, M.timerBlank, true);
  if (field === 'trigger_blocker' || field === 'trigger_unblocker') return rangedError(raw, TRIGGER_VALUE_RANGES[trigger.trigger_type], M.valueInvalid);
  return rangedError(raw, R[field], M.valueInvalid);
}

/** The values a row may edit: NAV Alerting has no reduce fields. */
export function editableFields(trigger: RiskTrigger): TriggerEditableField[] {
  const base: TriggerEditableField[] = ['trigger_name', 'trigger_blocker', 'trigger_unblocker', 'rules', 'timer'];
  return trigger.trigger_type === 'nav_alerting' ? base : [...base, 'position_reduce', 'x_percent_depo', 'y_percent_depo'];
}
