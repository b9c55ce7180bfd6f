/**
 * A fixture maker: `defaults` with a test's overrides, parsed by the real schema (from @app/contracts) so the
 * fixture cannot drift from what the server sends.
 */
export function parsedFixture<T>(schema: { parse: (value: unknown) => T }, defaults: T) {
  return (overrides: Partial<T> = {}): T => schema.parse({ ...defaults, ...overrides });
}
