import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { OWN_MESSAGES } from '@console/contracts';
import { unstorableTextFields } from '../validation/text';
import { BadRequestDetail, FieldErrors, FieldValidationError } from './api-errors';

/** Flattens class-validator errors into `{field: [messages]}`, nested fields as `a.b`. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.entries(error.constraints ?? {}).map(([rule, message]) =>
      rule === 'whitelistValidation' ? OWN_MESSAGES.unknownField : message,
    );
    if (messages.length) out[path] = messages;
    Object.assign(out, toFieldErrors(error.children ?? [], path));
  }
  return out;
}

/**
 * The one pipe every body, query and path param goes through. First the checks that hold for any
 * route (text that cannot be stored, see validation/text.ts), then the DTO's own rules.
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: true,
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
