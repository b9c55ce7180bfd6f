import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import philippineNumbers from '../src/phone-metadata.json';

it('is the Philippine part of the installed libphonenumber-js mobile metadata (else: pnpm --filter @app/contracts phone-metadata)', () => {
  const all = createRequire(import.meta.url)('libphonenumber-js/metadata.mobile.json');
  expect(philippineNumbers).toEqual({
    version: all.version,
    country_calling_codes: { 63: all.country_calling_codes['63'] },
    countries: { PH: all.countries.PH },
    nonGeographic: {},
  });
});
