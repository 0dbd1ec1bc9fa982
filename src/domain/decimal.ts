import { z } from 'zod';

/**
 * A number as a person writes it in an address: decimal digits, an optional sign and decimal
 * point. Not `0x10`, `1e3`, `Infinity`, `0b1` or a blank, which JavaScript's Number() would read.
 */
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The number `text` writes in decimal, or NaN: the one reading of a number in a query or a path
 * for every route, of the workspace and of /v1.
 *
 * @example decimalOf('7.5') // 7.5
 * @example decimalOf('0x10') // NaN
 */
export const decimalOf = (text: string) => (DECIMAL.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * A query parameter read as a decimal number, then checked by `rules`; anything else gets `error`.
 *
 * @example decimalParam('offset doit être un nombre.', z.number().int().min(0))
 */
export const decimalParam = <T extends z.ZodType<number, number>>(error: string, rules: T) =>
  z
    .string({ error })
    .transform((text, context) => {
      const value = decimalOf(text);
      if (Number.isNaN(value)) {
        context.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return value;
    })
    .pipe(rules);
