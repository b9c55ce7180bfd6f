import { LIVE_POSITION_HEADER } from '@app/contracts';

/**
 * Where the live feed stood when the page's first call was read (docs/architecture.md#live-updates): the
 * page's first stream starts from there, and hears what changed since its data was read, rather than
 * starting with `resync` and reading everything again. Null when that call got no position (it failed, or
 * another server answered it): the stream then starts with `resync`.
 */
export class FirstReadPosition {
  private settle: (position: string | null) => void = () => undefined;
  readonly position: Promise<string | null> = new Promise((resolve) => {
    this.settle = resolve;
  });
  private sent = false;

  /**
   * Given the position the page's HTML was written at (its first answers), that one: it is older than any
   * call's, so the stream replays whatever changed since either was read.
   */
  constructor(written: string | null = null) {
    if (written === null) return;
    this.sent = true;
    this.settle(written);
  }

  /** Watches a call's answer; only the first call sent counts, for every later one read after it. */
  watch(answer: Promise<Response>): Promise<Response> {
    if (this.sent) return answer;
    this.sent = true;
    answer.then(
      (response) => this.settle(response.headers.get(LIVE_POSITION_HEADER)),
      () => this.settle(null),
    );
    return answer;
  }
}
