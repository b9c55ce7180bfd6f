import { FIRST_ANSWERS_ID, type FirstAnswers } from '@app/contracts';

/**
 * The answers the server wrote into a signed-in member's page (docs/architecture.md#what-a-page-loads-first),
 * or null on any other page. Read, not taken: React may make the app's client twice in development.
 */
export function readFirstAnswers(): FirstAnswers | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as FirstAnswers;
  } catch {
    return null;
  }
}
