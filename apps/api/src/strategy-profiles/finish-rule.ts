/**
 * What a strategy profile needs before it may trade: title, MM profile and ticker list, and a
 * settings document that passes every rule of validateStrategySettings checked whole. The
 * wizard checks this before Finish; the API decides, on Finish and again on Start.
 */
import { canRead, STRATEGY_PROFILE_MESSAGES as M, validateStrategySettings, type SettingsErrors } from '@console/contracts';
import type { Principal } from '../access/principal';
import { type FieldErrors, FieldValidationError } from '../common/errors/api-errors';

/** The validator's paths as the API's fields: `settings.<block>.<field>` (list rows by index). */
export function settingsFields(errors: SettingsErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, messages]) => [`settings.${path}`, messages]));
}

/** A stored document's faults, checked whole as a finished profile's; empty when it may trade. */
export function wholeDocumentErrors(settings: unknown): SettingsErrors {
  const doc = settings && typeof settings === 'object' && !Array.isArray(settings) ? (settings as Record<string, unknown>) : {};
  return validateStrategySettings(doc);
}

/**
 * Finish refused: 'Include all necessary fields' as custom_error, which the wizard shows under its
 * Summary, and the document's faults under their fields for someone who may read the profile
 * settings (the ATR messages quote stored values).
 */
export function finishRefusal(principal: Principal, errors: SettingsErrors): FieldValidationError {
  return new FieldValidationError({ custom_error: [M.incomplete], ...(canRead(principal, 'profile_settings') ? settingsFields(errors) : {}) });
}
