import { useState } from 'react';
import { HttpError, normaliseError } from '../../../api/errors';
import { setFieldErrors, type WizardForm } from './fields';
import { serverFieldErrors } from './wizard-model';

export type WizardArea = 'profile' | 'settings' | 'submit';

/** The wizard's messages: under their fields, and what names no field of the form in its area's alert. */
export function useWizardErrors(form: WizardForm) {
  const [errors, setErrors] = useState<Partial<Record<WizardArea, string>>>({});

  /** Shows the step's own findings; answers whether there were any. */
  const showErrors = (area: WizardArea, found: Record<string, string>) => {
    const unplaced = setFieldErrors(form, found);
    if (unplaced.length) setErrors({ [area]: unplaced.join(' ') });
    return Object.keys(found).length > 0;
  };
  /** Shows a refused save: a 400's field messages under their fields, anything else in the area's alert. */
  const fail = (area: WizardArea, e: unknown) => {
    const { fields, rest } = e instanceof HttpError && e.status === 400 ? serverFieldErrors(e.body) : { fields: {}, rest: [normaliseError(e)] };
    const shown = [...rest, ...setFieldErrors(form, fields)];
    setErrors({ [area]: shown.length ? shown.join(' ') : Object.keys(fields).length ? undefined : normaliseError(e) });
  };
  return { errors, setErrors, showErrors, fail };
}
