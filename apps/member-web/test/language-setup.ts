import { afterEach, beforeAll } from 'vitest';
import { activateLanguage } from '../src/lib/language';

/**
 * The app paints once its language's catalogue is loaded (src/main.tsx does it before mounting): the tests
 * render it in English, the default for an English browser, and a test that switches languages leaves
 * English behind for the next.
 */
beforeAll(() => activateLanguage('en'));
afterEach(() => activateLanguage('en'));
