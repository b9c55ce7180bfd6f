import { type DeviceDrawings, drawTraitsText, rendererName, TRAITS_CANVAS_SIZE } from './device-drawings';
import { nextTask } from './next-task';
import { askWorkerOnce } from './worker-once';
/**
 * The browser's traits (docs/product-rules.md#fraud-rules): a SHA-256 of a small, documented set of traits
 * that stay the same when cookies are cleared or a private window is opened, so that accounts made in fresh
 * browsers on one phone can still be told apart from strangers' and tied together. The set is this file's
 * list and nothing else (docs/decisions.md#a-browsers-traits-from-a-documented-set). Loaded after the first
 * screen (device-traits-header.ts): the first script does not carry it.
 */

/** What the traits are read from: the browser's objects, or a test's stand-ins. */
export interface TraitSource {
  navigator: {
    userAgent: string;
    platform: string;
    languages: readonly string[];
    hardwareConcurrency: number;
    maxTouchPoints: number;
    /** Chromium only (GB, rounded down to a power of two); absent elsewhere. */
    deviceMemory?: number;
  };
  screen: { width: number; height: number; colorDepth: number };
  devicePixelRatio: number;
  timeZone: string;
  /** The canvas rendering of the traits' text as a data URL, or null without a 2D canvas (device-drawings.ts). */
  canvas: () => string | null;
  /** The WebGL renderer string (the GPU), or null without WebGL. */
  webglRenderer: () => string | null;
}

/**
 * The traits, in a fixed order, as name and value. Each is stable across cookies, private windows and
 * networks; the screen is read without its orientation (a turned phone swaps width and height).
 */
export function browserTraits(source: TraitSource): [string, string][] {
  const { navigator, screen } = source;
  const [long, short] = [Math.max(screen.width, screen.height), Math.min(screen.width, screen.height)];
  return [
    ['userAgent', navigator.userAgent],
    ['platform', navigator.platform],
    ['languages', navigator.languages.join(',')],
    ['timeZone', source.timeZone],
    ['screen', `${long}x${short}`],
    ['colorDepth', String(screen.colorDepth)],
    ['devicePixelRatio', String(source.devicePixelRatio)],
    ['hardwareConcurrency', String(navigator.hardwareConcurrency)],
    ['deviceMemory', String(navigator.deviceMemory ?? '')],
    ['maxTouchPoints', String(navigator.maxTouchPoints)],
    ['canvas', source.canvas() ?? ''],
    ['webglRenderer', source.webglRenderer() ?? ''],
  ];
}

/**
 * The SHA-256, in lowercase hex, of the traits written as JSON; null where the page has no `crypto.subtle`
 * (a page served over plain HTTP from another host than localhost) or reading a trait failed.
 */
export async function hashTraits(
  source: TraitSource,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<string | null> {
  if (!subtle) return null;
  try {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(browserTraits(source))));
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/** The fixed text drawn on a canvas of the page, as the browser renders it. */
function canvasRendering(): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = TRAITS_CANVAS_SIZE.width;
  canvas.height = TRAITS_CANVAS_SIZE.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  drawTraitsText(context);
  return canvas.toDataURL();
}

/** The drawings made on the page, each in a task of its own: together they took a slow phone about 130 ms. */
async function drawingsOnThePage(): Promise<DeviceDrawings> {
  const canvas = canvasRendering();
  await nextTask();
  const gl = document.createElement('canvas').getContext('webgl');
  const webglRenderer = gl ? rendererName(gl) : null;
  await nextTask();
  return { canvas, webglRenderer };
}

/**
 * The drawings made by a worker, off the page's main thread, where the browser can (a worker and an
 * OffscreenCanvas); null where it cannot, or the worker failed.
 */
function drawingsInAWorker(): Promise<DeviceDrawings | null> {
  if (typeof OffscreenCanvas !== 'function') return Promise.resolve(null);
  return askWorkerOnce<DeviceDrawings>(
    () => new Worker(new URL('./device-drawings.worker.ts', import.meta.url), { type: 'module' }),
    'draw',
  );
}

/** This browser, as a TraitSource but for its drawings (thisBrowsersTraits). */
function thisBrowser(): Omit<TraitSource, 'canvas' | 'webglRenderer'> {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return {
    navigator: {
      userAgent: nav.userAgent,
      platform: nav.platform,
      languages: nav.languages ?? [nav.language],
      hardwareConcurrency: nav.hardwareConcurrency,
      maxTouchPoints: nav.maxTouchPoints,
      ...(nav.deviceMemory === undefined ? {} : { deviceMemory: nav.deviceMemory }),
    },
    screen: { width: screen.width, height: screen.height, colorDepth: screen.colorDepth },
    devicePixelRatio: window.devicePixelRatio,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** This browser's traits hashed (hashTraits); null where they cannot be read. */
export async function thisBrowsersTraits(): Promise<string | null> {
  try {
    const { canvas, webglRenderer } = (await drawingsInAWorker()) ?? (await drawingsOnThePage());
    return await hashTraits({ ...thisBrowser(), canvas: () => canvas, webglRenderer: () => webglRenderer });
  } catch {
    return null;
  }
}
