import { describe, expect, it } from 'vitest';
import { calendarDate } from './date-format.ts';

describe('calendarDate', () => {
  it('keeps the day of a real date, with or without a time', () => {
    expect(calendarDate('2024-05-13')).toBe('2024-05-13');
    expect(calendarDate(' 2024-05-13T08:30 ')).toBe('2024-05-13');
    expect(calendarDate('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses days that do not exist and other forms', () => {
    for (const value of ['2024-13-45', '2023-02-29', '2024-04-31', '13/05/2024', '', '2024-5-13']) {
      expect(calendarDate(value), value).toBeNull();
    }
  });
});
