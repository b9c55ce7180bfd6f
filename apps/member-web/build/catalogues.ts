import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The member-facing catalogues of packages/contracts/src/i18n (one JSON file per language). */
const CATALOGUE = /packages[\\/]contracts[\\/]src[\\/]i18n[\\/](en|fil|messages-fil)\.json$/;

/**
 * Compiles the catalogues' ICU texts at build time (docs/decisions.md#lingui-for-two-languages), as
 * `lingui compile` would: the page then needs Lingui's small runtime and no message parser. Lingui's own
 * Vite plugin is left out: it wants a lingui.config and its CLI, and declares no support for Vite 8.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'member-compiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const texts = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compileMessage(text)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
