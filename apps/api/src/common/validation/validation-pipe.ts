import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { MESSAGES, OWN_MESSAGES } from '@console/contracts';
import { unstorableTextFields } from './text';
import { BadRequestDetail, FieldErrors, FieldValidationError } from '../errors/api-errors';

/**
 * Which failed rule names the real problem, first: a missing value before its type, its type before
 * its range or length (a missing email is 'Email can’t be blank', not a length complaint).
 */
const PRESENCE_RULES = ['isDefined', 'isNotEmpty'];
const TYPE_RULES = ['isString', 'isInt', 'isWholeNumber', 'isNumber', 'isBoolean', 'isArray', 'isObject'];
const RULE_PRIORITY = ['whitelistValidation', ...PRESENCE_RULES, ...TYPE_RULES, 'isIn', 'isEnum'];
const priorityOf = (rule: string) => {
  const index = RULE_PRIORITY.indexOf(rule);
  return index === -1 ? RULE_PRIORITY.length : index;
};

/** The catalogue's words for a rule that has no message of our own. */
const CATALOGUE_MESSAGES: Record<string, string> = {
  isDefined: MESSAGES.fieldRequired,
  isNotEmpty: MESSAGES.fieldRequired,
  isString: OWN_MESSAGES.textExpected,
  isInt: OWN_MESSAGES.wholeNumberExpected,
  isNumber: OWN_MESSAGES.numberExpected,
  isBoolean: OWN_MESSAGES.booleanExpected,
  isArray: OWN_MESSAGES.listExpected,
  isObject: OWN_MESSAGES.objectExpected,
};

/** class-validator's own texts name the property as code does: 'perms must be an array', 'email should not be empty'. */
const isLibraryDefault = (message: string, property: string) => new RegExp(`^(each value in )?${property} (must|should) `).test(message);

/** The one message for a field that failed `constraints` (rule → message) with `value`. */
function fieldMessage(property: string, value: unknown, constraints: Record<string, string>): string {
  const failed = Object.entries(constraints).sort(([a], [b]) => priorityOf(a) - priorityOf(b));
  if (failed[0][0] === 'whitelistValidation') return OWN_MESSAGES.unknownField;
  const wordsFor = ([rule, message]: [string, string]) => (isLibraryDefault(message, property) ? (CATALOGUE_MESSAGES[rule] ?? message) : message);
  // Left out: its own "required" message, or the catalogue's, whatever else its type or range rules say.
  if (value === undefined) {
    const presence = failed.find(([rule]) => PRESENCE_RULES.includes(rule));
    return presence ? wordsFor(presence) : MESSAGES.fieldRequired;
  }
  return wordsFor(failed[0]);
}

/** Flattens class-validator errors into `{field: [message]}` (the most telling one), nested fields as `a.b`. */
function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // A field's own problem comes before those of what it contains.
    if (error.constraints && Object.keys(error.constraints).length) out[path] = [fieldMessage(error.property, error.value, error.constraints)];
    else Object.assign(out, toFieldErrors(error.children ?? [], path));
  }
  return out;
}

/**
 * The one pipe every body, query and path param goes through. First the checks that hold for any
 * route (text that cannot be stored, see validation/text.ts), then the DTO's own rules.
 */
@Injectable()
class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      // Every rule runs, and toFieldErrors keeps the one that names the real problem.
      stopAtFirstError: false,
      // The value tells a missing field from a wrong one (it never leaves the server).
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new FieldValidationError(toFieldErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return value;
    const bad = unstorableTextFields(value, metadata.data ?? '');
    if (bad['']) throw new BadRequestDetail(OWN_MESSAGES.textInvalid);
    if (Object.keys(bad).length) throw new FieldValidationError(bad);
    // A path param is one string; its own pipe (ParseIdPipe) parses it strictly, so no lenient
    // conversion ('0x10', '1e3', ' 5' as numbers) happens here first.
    if (metadata.type === 'param' && metadata.data) return value;
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new RequestValidationPipe();
}
