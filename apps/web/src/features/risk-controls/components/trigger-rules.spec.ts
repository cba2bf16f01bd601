import { describe, expect, it } from 'vitest';
import { intervalMessage, RISK_CONTROL_MESSAGES as M, type RiskTrigger } from '@console/contracts';
import { editableFields, editValueError, newTriggerErrors } from './trigger-rules';

const empty = { trigger_type: '' as const, trigger_blocker: '', timer: '', position_reduce: '', x_percent_depo: '', y_percent_depo: '' };
const trigger = (type: RiskTrigger['trigger_type']) => ({ id: 1, trigger_type: type }) as RiskTrigger;

describe('trigger rules', () => {
  it('an empty Add form asks for kind, blocker and timer; Hard Risk Control also for the reduce fields', () => {
    expect(newTriggerErrors(empty)).toEqual({ trigger_type: M.kindBlank, trigger_blocker: M.blockerBlank, timer: M.timerBlank });
    expect(newTriggerErrors({ ...empty, trigger_type: 'nav_reducing' })).toEqual({
      trigger_blocker: M.blockerBlank,
      timer: M.timerBlank,
      position_reduce: M.positionReduceBlank,
      x_percent_depo: M.xPercentBlank,
      y_percent_depo: M.yPercentBlank,
    });
    expect(newTriggerErrors({ ...empty, trigger_type: 'nav_alerting', trigger_blocker: '101', timer: '301' })).toEqual({
      trigger_blocker: intervalMessage(0, 100),
      timer: intervalMessage(0, 300),
    });
    expect(newTriggerErrors({ ...empty, trigger_type: 'nav_alerting', trigger_blocker: '5', timer: '10' })).toEqual({});
  });

  it('an edited value keeps to its trigger type’s range', () => {
    expect(editValueError(trigger('imp_loss'), 'trigger_blocker', '5')).toBe(intervalMessage(-100, 0));
    expect(editValueError(trigger('imp_loss'), 'trigger_blocker', '-5')).toBeNull();
    expect(editValueError(trigger('var'), 'trigger_blocker', '450')).toBeNull();
    expect(editValueError(trigger('timer'), 'trigger_unblocker', '3001')).toBe(intervalMessage(0, 3000));
    expect(editableFields(trigger('nav_alerting'))).not.toContain('position_reduce');
  });
});
