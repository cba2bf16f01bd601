/**
 * One id type and one page type for every route: path params, query filters and body fields take
 * whole numbers within INPUT_LIMITS, so no value reaches PostgreSQL that its integer columns refuse.
 */
import { applyDecorators, ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { ID_LIST_MAX, INPUT_LIMITS, isBigId, isId, isPage, OWN_MESSAGES, parseWholeNumber } from '@console/contracts';
import { FieldValidationError } from '../errors/api-errors';

/** Digit strings (query strings, form inputs) become numbers; anything else stays as sent, for the check to refuse. */
export const WholeNumberFromString = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value));

const NUMBER_TEXT = /^[+-]?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * The type half of an id or page: a whole number at all ('abc', '1.5', '' are not). Whether it is one
 * we take (digits only, within range) is the other rule's message, so each answer names its problem.
 */
const IsWholeNumber = () =>
  ValidateBy(
    {
      name: 'isWholeNumber',
      validator: { validate: (value: unknown) => Number.isInteger(typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value) },
    },
    { message: OWN_MESSAGES.wholeNumberExpected },
  );

/** A row id (1 to 2^31-1) in a query string or a body; `message` names what is out of range. */
export function IsId(message: string = OWN_MESSAGES.idInvalid): PropertyDecorator {
  return applyDecorators(ValidateBy({ name: 'isId', validator: { validate: isId } }, { message }), IsWholeNumber(), WholeNumberFromString());
}

/** A row id of a bigint table (signals, orders, positions, logs: 1 to 2^53-1) in a query string or a body. */
export function IsBigId(message: string = OWN_MESSAGES.idInvalid): PropertyDecorator {
  return applyDecorators(ValidateBy({ name: 'isBigId', validator: { validate: isBigId } }, { message }), IsWholeNumber(), WholeNumberFromString());
}

/** `1,2,3` (or the param repeated) → [1, 2, 3]; anything else stays as sent for the check to refuse. */
export const IdsFromString = () =>
  Transform(({ value }: { value: unknown }) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
    return parts.every((p) => typeof p === 'string' && /^\d{1,10}$/.test(p.trim())) ? parts.map((p) => Number(p)) : value;
  });

/** A list of row ids in a query string: 1 to 100 of them; `message` says what they are. */
export const IsIdList = (message: string) =>
  ValidateBy(
    { name: 'isIdList', validator: { validate: (value: unknown) => Array.isArray(value) && value.length > 0 && value.length <= ID_LIST_MAX && value.every((v) => isId(v)) } },
    { message },
  );

/** A one-based page number (1 to INPUT_LIMITS.pageMax). */
export function IsPage(): PropertyDecorator {
  return applyDecorators(ValidateBy({ name: 'isPage', validator: { validate: isPage } }, { message: OWN_MESSAGES.pageInvalid }), IsWholeNumber(), WholeNumberFromString());
}

/** The id in a path (`@Param('id', ParseIdPipe)`): digits only, 1 to 2^31-1, else 400 `{id: [message]}`. */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, number> {
  protected readonly max: number = INPUT_LIMITS.idMax;

  transform(value: unknown, metadata: ArgumentMetadata): number {
    const id = parseWholeNumber(value, this.max);
    if (id === null) throw FieldValidationError.of(metadata.data ?? 'id', OWN_MESSAGES.idInvalid);
    return id;
  }
}

/** The id in a path of a bigint table (signals, orders, positions): digits only, 1 to 2^53-1. */
@Injectable()
export class ParseBigIdPipe extends ParseIdPipe {
  protected override readonly max: number = INPUT_LIMITS.bigIdMax;
}
