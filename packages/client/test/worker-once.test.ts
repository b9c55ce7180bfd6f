import { afterEach, describe, expect, it, vi } from 'vitest';
import { askWorkerOnce } from '../src/worker-once';

/** A worker as the page sees it: `reply` decides what it does with the message it is given. */
class FakeWorker extends EventTarget {
  terminated = false;
  constructor(private readonly reply: (worker: FakeWorker, message: unknown) => void) {
    super();
  }
  postMessage(message: unknown) {
    queueMicrotask(() => this.reply(this, message));
  }
  terminate() {
    this.terminated = true;
  }
}

const answering = (data: unknown) => (worker: FakeWorker) => worker.dispatchEvent(new MessageEvent('message', { data }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a worker asked once', () => {
  it('resolves with its answer to the message, and is ended', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker((self, message) => answering({ echoed: message })(self));
    await expect(askWorkerOnce(() => worker as unknown as Worker, 'draw')).resolves.toEqual({ echoed: 'draw' });
    expect(worker.terminated).toBe(true);
  });

  it('resolves with null when the worker fails, when it cannot be made, or where there are no workers', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const failing = new FakeWorker((self) => self.dispatchEvent(new Event('error')));
    await expect(askWorkerOnce(() => failing as unknown as Worker, 'draw')).resolves.toBeNull();
    expect(failing.terminated).toBe(true);
    const refused = () => {
      throw new DOMException('refused by the page’s policy', 'SecurityError');
    };
    await expect(askWorkerOnce(refused, 'draw')).resolves.toBeNull();

    vi.stubGlobal('Worker', undefined);
    const neverMade = vi.fn();
    await expect(askWorkerOnce(neverMade, 'draw')).resolves.toBeNull();
    expect(neverMade).not.toHaveBeenCalled();
  });
});
