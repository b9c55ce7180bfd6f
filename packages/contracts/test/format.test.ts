import { describe, expect, it } from 'vitest';
import { formatApproxDuration, formatDate, formatDateTime, formatTimeOfDay, initials, pluralize } from '../src/format';

describe('dates in Manila', () => {
  it('writes the day Manila is on, not the one UTC is on', () => {
    // 16:30 UTC on Nov 21 is 00:30 on Nov 22 in Manila (UTC+8).
    expect(formatDate('2026-11-21T16:30:00.000Z')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-21T15:59:00.000Z')).toBe('Nov 21, 2026');
  });

  it('writes the time of day with the date, on a 12-hour clock', () => {
    expect(formatDateTime('2026-11-21T16:30:00.000Z')).toBe('Nov 22, 2026, 12:30 AM');
    expect(formatDateTime('2026-11-22T07:05:00.000Z')).toBe('Nov 22, 2026, 3:05 PM');
    expect(formatTimeOfDay('2026-11-22T07:05:00.000Z')).toBe('3:05 PM');
    expect(formatTimeOfDay('not a date')).toBe('');
    expect(formatDateTime(new Date('2026-11-22T04:00:00.000Z'))).toBe('Nov 22, 2026, 12:00 PM');
  });

  it('keeps each time zone its own when several are asked for in turn', () => {
    expect(formatDateTime('2026-11-21T16:30:00.000Z', 'UTC')).toBe('Nov 21, 2026, 4:30 PM');
    expect(formatDateTime('2026-11-21T16:30:00.000Z')).toBe('Nov 22, 2026, 12:30 AM');
    expect(formatDate('2026-11-21T16:30:00.000Z', 'America/New_York')).toBe('Nov 21, 2026');
    expect(formatDateTime('2026-11-21T16:30:00.000Z', 'UTC')).toBe('Nov 21, 2026, 4:30 PM');
  });

  it('writes nothing for a date that is not one', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('waits in words', () => {
  it.each([
    [20, 'about 1 minute'],
    [45 * 60, 'about 45 minutes'],
    [89 * 60, 'about 89 minutes'],
    [90 * 60, 'about 2 hours'],
    [6 * 3600 + 600, 'about 6 hours'],
    [35 * 3600, 'about 35 hours'],
    [36 * 3600, 'about 2 days'],
    [3 * 86_400, 'about 3 days'],
  ])('writes %i seconds as %s', (seconds, words) => {
    expect(formatApproxDuration(seconds)).toBe(words);
  });
});

describe('counts with their nouns', () => {
  it.each([
    [1, '1 task'],
    [3, '3 tasks'],
    [1200, '1,200 tasks'],
  ])('writes %i as %s', (count, words) => {
    expect(pluralize(count, 'task')).toBe(words);
  });

  it('takes an irregular plural', () => {
    expect(pluralize(2, 'day', 'days')).toBe('2 days');
    expect(pluralize(1, 'entry', 'entries')).toBe('1 entry');
    expect(pluralize(12_000, 'entry', 'entries')).toBe('12,000 entries');
  });
});

describe('the avatar’s initials', () => {
  it('come from the names the member gave, one letter each, before the e-mail', () => {
    expect(initials({ firstName: 'Maria', lastName: 'Santos', email: 'member@example.com' })).toBe('MS');
    expect(initials({ firstName: 'Juan', lastName: null, email: 'bago@example.com' })).toBe('J');
    expect(initials({ firstName: ' ', lastName: 'dela Cruz', email: 'bago@example.com' })).toBe('D');
    expect(initials({ firstName: 'Ñora', lastName: null })).toBe('Ñ');
    expect(initials({ firstName: null, lastName: null, email: 'bago@example.com' })).toBe('BA');
    expect(initials(null)).toBe('US');
  });
});
