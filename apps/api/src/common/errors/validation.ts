import { ValidationError, ValidationPipe } from '@nestjs/common';
import { OWN_MESSAGES } from '@console/contracts';
import { FieldErrors, FieldValidationError } from './api-errors';

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

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new FieldValidationError(toFieldErrors(errors)),
  });
}
