import { type DeviceDrawings, drawTraitsText, rendererName, TRAITS_CANVAS_SIZE } from './device-drawings';

/** The canvas's PNG as a data URL, as `toDataURL` writes it on the page. */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

async function drawings(): Promise<DeviceDrawings> {
  const canvas = new OffscreenCanvas(TRAITS_CANVAS_SIZE.width, TRAITS_CANVAS_SIZE.height);
  const context = canvas.getContext('2d');
  if (context) drawTraitsText(context);
  const gl = new OffscreenCanvas(1, 1).getContext('webgl');
  return {
    canvas: context ? await dataUrl(await canvas.convertToBlob({ type: 'image/png' })) : null,
    webglRenderer: gl ? rendererName(gl) : null,
  };
}

// The drawings, or null where this worker cannot draw (no OffscreenCanvas here): the page then draws them itself.
addEventListener('message', () => {
  drawings().then(
    (made) => postMessage(made),
    () => postMessage(null),
  );
});
