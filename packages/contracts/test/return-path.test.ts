import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../src/return-path';

describe('return targets after sign-in', () => {
  it.each([
    ['/payouts', '/payouts'],
    ['/payouts?tab=history#latest', '/payouts?tab=history#latest'],
    ['/task-browser?taskId=7', '/task-browser?taskId=7'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/a/../vip', '/vip'],
  ])('keeps the same-origin path %s', (value, kept) => {
    expect(safeReturnPath(value)).toBe(kept);
  });

  it.each([
    ['a scheme-relative URL', '//evil.example/steal'],
    ['a backslash URL', '/\\evil.example'],
    ['a backslash later on', '/ok\\..\\\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'payouts'],
    ['a path hiding a tab', '/\t/evil.example'],
    ['a path hiding a newline', '/\n/evil.example'],
    ['an API route', '/api/login?returnTo=/'],
    ['a tRPC route', '/trpc/auth.user'],
    ['an over-long path', `/${'a'.repeat(1100)}`],
    ['no text', 42],
  ])('refuses %s', (_label, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
