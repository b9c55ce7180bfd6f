/**
 * Resolves in a task of its own: an app's start awaits it between its steps (loading the scripts, making the
 * router, preparing the class merger, seeding the cache, rendering), and the device traits between their
 * drawings, each of which takes a slow phone tens of milliseconds, so that a tap is answered between them
 * rather than after all of them (docs/architecture.md#what-a-page-loads-first).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
