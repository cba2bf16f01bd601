import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { SESSION_MESSAGES } from '@console/contracts';
import { FieldValidationError } from '../common/errors/api-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session's id in a path: a UUID, else 400 `{session: [message]}` (never a cast error from the database). */
@Injectable()
export class ParseFamilyIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown, metadata: ArgumentMetadata): string {
    if (typeof value !== 'string' || !UUID.test(value)) throw FieldValidationError.of(metadata.data ?? 'session', SESSION_MESSAGES.familyIdInvalid);
    return value.toLowerCase();
  }
}
