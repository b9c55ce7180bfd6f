import { describe, expect, it } from 'vitest';
import { csvLine } from '../src/lib/csv';
import { dayRange } from '../src/lib/time';

describe('dayRange', () => {
  it('gives the Manila calendar day (UTC+8) around an instant', () => {
    // 2026-03-01 15:59:59Z is 23:59:59 in Manila; one second later is the next day there.
    expect(dayRange(new Date('2026-03-01T15:59:59Z'), 'Asia/Manila')).toEqual({
      start: new Date('2026-02-28T16:00:00Z'),
      end: new Date('2026-03-01T16:00:00Z'),
    });
    expect(dayRange(new Date('2026-03-01T16:00:00Z'), 'Asia/Manila').start).toEqual(new Date('2026-03-01T16:00:00Z'));
  });

  it('handles a zone that changes its clocks that day', () => {
    // New York springs forward on 2026-03-08: that day is 23 hours long.
    const { start, end } = dayRange(new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect(start).toEqual(new Date('2026-03-08T05:00:00Z'));
    expect(end).toEqual(new Date('2026-03-09T04:00:00Z'));
  });

  it('gives each instant its own day when asked in any order (the last day is remembered)', () => {
    const manila = (instant: string) => dayRange(new Date(instant), 'Asia/Manila').start.toISOString();
    expect(manila('2026-03-01T15:59:59Z')).toBe('2026-02-28T16:00:00.000Z');
    expect(manila('2026-03-01T16:00:00Z')).toBe('2026-03-01T16:00:00.000Z');
    expect(manila('2026-03-01T15:59:59.999Z')).toBe('2026-02-28T16:00:00.000Z');
    expect(manila('2026-02-28T15:59:59.999Z')).toBe('2026-02-27T16:00:00.000Z');
    expect(dayRange(new Date('2026-03-01T12:00:00Z'), 'America/New_York').start).toEqual(new Date('2026-03-01T05:00:00Z'));
    expect(manila('2026-03-01T12:00:00Z')).toBe('2026-02-28T16:00:00.000Z');
  });
});

describe('csvLine', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 3])).toBe('a,"b,c","say ""hi""",3');
    expect(csvLine(['=HYPERLINK("x")', '-150.00', '+1.50', '@cmd', '+1+2', '-1.5.5'])).toBe(
      `"'=HYPERLINK(""x"")",-150.00,+1.50,'@cmd,'+1+2,'-1.5.5`,
    );
  });
});
