// Writes src/phone-metadata.json: the Philippine part of libphonenumber-js's mobile metadata, which is all the
// product reads numbers by (docs/product-rules.md#payout-destinations). The whole metadata is 99 KB; this part
// is under 1 KB, so the payout form does not carry every country's numbering plan to a phone on mobile data.
// Run after updating libphonenumber-js: `pnpm --filter @app/contracts phone-metadata` (a test compares them).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const all = createRequire(import.meta.url)('libphonenumber-js/metadata.mobile.json');
const philippines = {
  version: all.version,
  country_calling_codes: { 63: all.country_calling_codes['63'] },
  countries: { PH: all.countries.PH },
  nonGeographic: {},
};
writeFileSync(new URL('../src/phone-metadata.json', import.meta.url), `${JSON.stringify(philippines)}\n`);
