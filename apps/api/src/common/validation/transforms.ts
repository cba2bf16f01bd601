import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsObject, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';

/** Trims strings so a value of only spaces reads as blank; other types pass through to validation. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Accepts a number sent as a numeric string (form inputs); '' and other strings stay as they are, so "required" still fails. */
export const NumberFromString = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value));

/**
 * The field may be left out. Unlike IsOptional, null does not count as left out: it meets the field's
 * type check and is refused, so a service never sees null where its type says string or number.
 * Fields that do take null (declared `nullable` in their schema) keep IsOptional.
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/**
 * A list of nested objects: anything in it that is not an object (`[[]]`, `[1]`, `[null]`) is refused
 * before the nested rules run, since class-validator would otherwise validate an array item as a list.
 */
export function NestedObjects(type: () => new () => object, maxItems: number): PropertyDecorator {
  // Registered (and so checked, stopping at the first failure) in this order.
  return applyDecorators(IsArray(), ArrayMaxSize(maxItems), IsObject({ each: true }), ValidateNested({ each: true }), Type(type));
}

/**
 * A title or name: trimmed, required (`blank` when empty or not text), at most `max` characters
 * (`tooLong`). `omittable` for an update that may leave it out.
 */
export function TitleField(max: number, messages: { blank: string; tooLong: string }, { omittable = false } = {}): PropertyDecorator {
  return applyDecorators(
    omittable ? ApiPropertyOptional({ maxLength: max }) : ApiProperty({ maxLength: max }),
    ...(omittable ? [Omittable()] : []),
    MaxLength(max, { message: messages.tooLong }),
    IsNotEmpty({ message: messages.blank }),
    IsString({ message: messages.blank }),
    Trim(),
  );
}
