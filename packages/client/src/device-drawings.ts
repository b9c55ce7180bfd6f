/**
 * The two drawings among the browser's traits (device-traits.ts): a fixed text on a 2D canvas, and the GPU's
 * name as WebGL gives it. Made in a worker where the browser draws there (device-drawings.worker.ts), else on
 * the page; both ways give the same data URL and name, so a member's traits do not depend on which one ran.
 */
export interface DeviceDrawings {
  /** The canvas rendering of TRAITS_CANVAS_TEXT as a data URL, or null without a 2D canvas. */
  canvas: string | null;
  /** The WebGL renderer string (the GPU), or null without WebGL. */
  webglRenderer: string | null;
}

/** A fixed text with letters, digits, an emoji and a peso sign: each font and renderer draws it its own way. */
const TRAITS_CANVAS_TEXT = 'PesoTasks ₱ 0123456789 Ωé 🙂';

export const TRAITS_CANVAS_SIZE = { width: 240, height: 40 } as const;

/** Draws the fixed text twice, offset and in two colours, on a canvas of TRAITS_CANVAS_SIZE. */
export function drawTraitsText(context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D): void {
  context.textBaseline = 'top';
  context.font = '16px sans-serif';
  context.fillStyle = '#0a7';
  context.fillText(TRAITS_CANVAS_TEXT, 4, 4);
  context.fillStyle = 'rgba(200, 40, 90, 0.6)';
  context.fillText(TRAITS_CANVAS_TEXT, 8, 14);
}

/** The GPU as WebGL names it: unmasked where the browser allows, else its own renderer string. */
export function rendererName(gl: WebGLRenderingContext): string {
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  // The context holds the GPU until collected; let it go now.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return renderer;
}
