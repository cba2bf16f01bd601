import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, ValidateBy } from 'class-validator';
import { BULK_SIGNALS_MAX, CLOSE_COEFFICIENT, closeCoefficientProblem, INPUT_LIMITS, isBigId, OWN_MESSAGES, SIGNAL_MESSAGES } from '@console/contracts';
import type { BulkCommandsAnswer } from '@console/contracts';
import { EngineCommandStateDto } from '../engine/engine.dto';

/** `close-limit/ {coefficient}`: 0.001 to 0.999 with at most 3 decimals; the text of a form input is read as its number. */
export class CloseLimitDto {
  @ApiProperty({ minimum: CLOSE_COEFFICIENT.min, maximum: CLOSE_COEFFICIENT.max, multipleOf: 0.001, example: 0.5 })
  @IsDefined({ message: SIGNAL_MESSAGES.coefficientRequired })
  @ValidateBy(
    { name: 'isCloseCoefficient', validator: { validate: (value: unknown) => closeCoefficientProblem(value) === null } },
    { message: ({ value }) => closeCoefficientProblem(value) ?? SIGNAL_MESSAGES.coefficientInvalid },
  )
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && closeCoefficientProblem(value) === null ? Number(value.trim()) : value))
  coefficient!: number;
}

/** Why a list of signal ids is refused, or null: a list of 1 to 500 distinct ids. */
function signalsIdsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return OWN_MESSAGES.listExpected;
  if (value.length === 0) return SIGNAL_MESSAGES.signalsIdsRequired;
  if (value.length > BULK_SIGNALS_MAX) return SIGNAL_MESSAGES.signalsIdsTooMany;
  if (!value.every(isBigId)) return OWN_MESSAGES.idInvalid;
  if (new Set(value).size !== value.length) return SIGNAL_MESSAGES.signalsIdsRepeated;
  return null;
}

/** The bulk closes: signal ids, each at most once. */
export class SignalsIdsDto {
  @ApiProperty({ type: 'array', items: { type: 'integer', minimum: 1, maximum: INPUT_LIMITS.bigIdMax }, minItems: 1, maxItems: BULK_SIGNALS_MAX, uniqueItems: true })
  @IsDefined({ message: SIGNAL_MESSAGES.signalsIdsRequired })
  @ValidateBy(
    { name: 'isSignalsIds', validator: { validate: (value: unknown) => signalsIdsProblem(value) === null } },
    { message: ({ value }) => signalsIdsProblem(value) ?? OWN_MESSAGES.valueInvalid },
  )
  signals_ids!: number[];
}

/** A bulk close's answer: one command per signal, in the order asked. */
export class BulkCommandsDto implements BulkCommandsAnswer {
  @ApiProperty({ type: [EngineCommandStateDto] }) commands!: EngineCommandStateDto[];
}
