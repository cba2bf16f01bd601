import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { OWN_MESSAGES } from '@console/contracts';
import { unstorableTextFields } from '../validation/text';
import { BadRequestDetail, FieldErrors, FieldValidationError } from './api-errors';

/**
 * Which failed rule names the real problem, first: a missing value before its type, its type before
 * its range or length (a missing email is 'Email can’t be blank', not a length complaint).
 */
const RULE_PRIORITY = ['whitelistValidation', 'isDefined', 'isNotEmpty', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isIn', 'isEnum', 'isArray', 'isObject'];
const priorityOf = (rule: string) => {
  const index = RULE_PRIORITY.indexOf(rule);
  return index === -1 ? RULE_PRIORITY.length : index;
};

/** Flattens class-validator errors into `{field: [message]}` (the most telling one), nested fields as `a.b`. */
function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const [first] = Object.entries(error.constraints ?? {}).sort(([a], [b]) => priorityOf(a) - priorityOf(b));
    // A field's own problem comes before those of what it contains.
    if (first) out[path] = [first[0] === 'whitelistValidation' ? OWN_MESSAGES.unknownField : first[1]];
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
