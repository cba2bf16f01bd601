import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { OWN_MESSAGES, type ListQueryAccess } from '@console/contracts';
import { orderingNames } from './list-query';

/** Orderings the access rules name: `key`, `-key` (descending), comma-separated. */
function namesOnly(value: unknown, keys: readonly string[]): boolean {
  return typeof value === 'string' && orderingNames(value).every((name) => keys.includes(name));
}

/**
 * The `ordering` param of a list's query DTO, checked against the orderings its contracts access
 * declares, so an undeclared one is a 400 before it reaches the list-query layer.
 */
export function Ordering(access: ListQueryAccess): PropertyDecorator {
  const keys = Object.keys(access.orderings ?? {});
  return applyDecorators(
    ApiPropertyOptional({ description: `One or more of ${keys.join(', ')}, comma-separated; a leading - sorts descending` }),
    IsOptional(),
    ValidateBy({ name: 'isDeclaredOrdering', validator: { validate: (value: unknown) => namesOnly(value, keys) } }, { message: OWN_MESSAGES.orderingUnknown }),
    MaxLength(200),
    IsString({ message: OWN_MESSAGES.textExpected }),
  );
}
