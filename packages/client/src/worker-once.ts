/**
 * Gives a worker made for one job its message and resolves with its one answer, or null where there are no
 * workers or it failed; the worker ends either way. The caller makes the worker, writing
 * `new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' })` where it is, since that is the form
 * the build finds the worker's file by.
 */
export function askWorkerOnce<Answer>(makeWorker: () => Worker, message: unknown): Promise<Answer | null> {
  if (typeof Worker !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const worker = makeWorker();
      const end = (answer: Answer | null) => {
        worker.terminate();
        resolve(answer);
      };
      worker.addEventListener('message', (event: MessageEvent<Answer>) => end(event.data));
      worker.addEventListener('error', () => end(null));
      worker.addEventListener('messageerror', () => end(null));
      worker.postMessage(message);
    } catch {
      resolve(null);
    }
  });
}
