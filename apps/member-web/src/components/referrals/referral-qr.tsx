import { encode } from 'uqr';

/**
 * The referral link as a QR code a friend's phone camera opens (docs/screens.md#the-first-visit): drawn as one
 * SVG path from uqr's modules, with its accessible name, in its own chunk loaded by the referral page only.
 */
export function ReferralQr({ link, label }: { link: string; label: string }) {
  const { data, size } = encode(link, { ecc: 'M', border: 2 });
  // One 1x1 square per dark module, as a single path: a few KB of markup rather than hundreds of elements.
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="size-44 rounded-md bg-white" shapeRendering="crispEdges">
      <path d={path} fill="#000" />
    </svg>
  );
}
