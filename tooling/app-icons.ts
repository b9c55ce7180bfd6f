import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { sharedPublicDir } from './vite.ts';

/** The brand colour behind a maskable icon's glyph: the SVG icon's own square and the pages' theme-color. */
export const BRAND_COLOUR = '#047857';

/**
 * The PNG icons member-web's manifest lists (Android asks for 192 and 512), the notifications' badge, and the
 * page icon its pages link (tooling/vite.ts, PageHead).
 */
export const installIcons = {
  favicon48: 'icons/favicon-48.png',
  any192: 'icons/icon-192.png',
  any512: 'icons/icon-512.png',
  maskable512: 'icons/icon-maskable-512.png',
  badge96: 'icons/badge-96.png',
} as const;

/** Renders an SVG to a square PNG of `size` pixels, sharp rasterising at the density that gives that size. */
function render(svg: Buffer, size: number): Sharp {
  const viewBoxWidth = Number(/viewBox="0 0 (\d+)/.exec(svg.toString())?.[1]);
  if (!viewBoxWidth) throw new Error('favicon.svg has no square viewBox to size its PNGs by');
  return sharp(svg, { density: (72 * size) / viewBoxWidth }).resize(size, size);
}

/**
 * Writes the PNG icons of the install prompt and the home screen from the one SVG icon
 * (packages/ui/public/favicon.svg) at every build, so they cannot drift from it. The maskable icon keeps
 * the glyph inside the safe circle (80% of the width) on a full square of the brand colour, which the
 * launcher crops to its own shape; the badge is the glyph alone in white, as Android draws badges from
 * their alpha channel only.
 */
export function appIcons() {
  return {
    name: 'app-icons',
    apply: 'build' as const,
    async generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: Uint8Array }): string }) {
      const svg = await readFile(`${sharedPublicDir}/favicon.svg`);
      const glyphOnly = Buffer.from(svg.toString().replace(`fill="${BRAND_COLOUR}"`, 'fill="none"'));
      if (glyphOnly.equals(svg)) throw new Error(`favicon.svg no longer fills its square with ${BRAND_COLOUR}`);
      const maskableGlyph = 410;
      const margin = (512 - maskableGlyph) / 2;
      const pngs: Record<keyof typeof installIcons, Promise<Buffer>> = {
        favicon48: render(svg, 48).png().toBuffer(),
        any192: render(svg, 192).png().toBuffer(),
        any512: render(svg, 512).png().toBuffer(),
        maskable512: render(svg, maskableGlyph)
          .extend({ top: margin, bottom: margin, left: margin, right: margin, background: BRAND_COLOUR })
          .flatten({ background: BRAND_COLOUR })
          .png()
          .toBuffer(),
        badge96: render(glyphOnly, 96).png().toBuffer(),
      };
      for (const [name, png] of Object.entries(pngs)) {
        this.emitFile({ type: 'asset', fileName: installIcons[name as keyof typeof installIcons], source: await png });
      }
    },
  };
}
