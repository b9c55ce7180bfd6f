/** This page's browser traits, once asked for: the hash, and the hash once it is there. */
let computed: { traits: Promise<string | null>; ready: string | null } | undefined;

/**
 * This browser's traits (docs/product-rules.md#fraud-rules), computed once per page by code loaded only
 * then, so that the first script does not carry it; null where they cannot be read. The member app asks
 * once it has shown.
 */
export function deviceTraits(): Promise<string | null> {
  if (!computed) {
    const traits = import('./device-traits').then(({ thisBrowsersTraits }) => thisBrowsersTraits()).catch(() => null);
    const started: { traits: Promise<string | null>; ready: string | null } = { traits, ready: null };
    void traits.then((hash) => {
      started.ready = hash;
    });
    computed = started;
  }
  return computed.traits;
}

/**
 * The header the app's calls carry the traits in, once they are computed: a call never waits for them, and
 * an app that never asks for them (the admin and operator apps) sends none.
 */
export function deviceTraitsHeader(): Record<string, string> {
  return computed?.ready ? { 'x-device-traits': computed.ready } : {};
}
