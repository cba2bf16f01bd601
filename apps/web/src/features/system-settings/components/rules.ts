/** Field rules of the settings forms, worded with the contracts' messages. */

const length = (value: string) => Array.from(value.trim()).length;

export const required = (message: string) => (value: string) => length(value) > 0 || message;

export const atMost = (max: number, message: string) => (value: string) => length(value) <= max || message;

/** Required, and at most `max` characters once trimmed. */
export const requiredMax = (max: number, blank: string, tooLong: string) => (value: string) => (length(value) > 0 ? length(value) <= max || tooLong : blank);
