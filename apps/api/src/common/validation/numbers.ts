import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * A finite number with at most `maxDecimalPlaces` decimals. class-validator's IsNumber with
 * maxDecimalPlaces throws on numbers that print in exponent form (1e-300), which made a 500 of them.
 */
export function IsDecimal(maxDecimalPlaces: number, options?: ValidationOptions): PropertyDecorator {
  const validate = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(maxDecimalPlaces)) === value;
  return ValidateBy({ name: 'isDecimal', validator: { validate } }, options);
}
