import { Transform } from 'class-transformer';

/** Trims strings so a value of only spaces reads as blank; other types pass through to validation. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Accepts a number sent as a numeric string (form inputs); '' and other strings stay as they are, so "required" still fails. */
export const NumberFromString = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value));
