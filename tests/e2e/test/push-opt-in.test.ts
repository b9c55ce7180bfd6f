import { createECDH, randomBytes } from 'node:crypto';
import { browserOfFile, contextSender, readmeScreenshot, signInThroughDevLogin, VIEWPORTS } from '@app/testkit/browser';
import { describe, expect, inject, it } from 'vitest';

/**
 * The push opt-in on Profile (docs/architecture.md#web-push) with the real service worker and the
 * notification permission granted through the browser context, at 390 and 1280 px. Chromium here cannot
 * reach a push service, so the page's PushManager answers with a subscription made by the test, on a
 * push service's address and with real keys; everything from there on is the app and the server's.
 */

const baseUrl = inject('baseUrl');
const OFF = 'Push notifications are off for this device';
const ON = 'Push notifications are on for this device';
const browser = browserOfFile();
const run = Date.now().toString(36);

function pushSubscription(label: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${label}-${run}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('push notifications on Profile', () => {
  for (const viewport of VIEWPORTS) {
    it(`turns them on at ${viewport.width} px`, async () => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce', serviceWorkers: 'allow' });
      await context.grantPermissions(['notifications'], { origin: baseUrl });
      const subscription = pushSubscription(viewport.label);
      await context.addInitScript((made) => {
        let held: object | null = null;
        const fake = { ...made, toJSON: () => made, unsubscribe: async () => true };
        PushManager.prototype.subscribe = async function subscribe(options) {
          if (!options?.userVisibleOnly || !options.applicationServerKey) throw new Error('subscribed without the site key');
          held = fake;
          return fake as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () => held as PushSubscription | null;
      }, subscription);
      await signInThroughDevLogin(contextSender(context.request), `push-${viewport.label}-${run}@example.com`, {
        firstName: 'Olivia',
        lastName: 'Santos',
      });
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goto('/profile');

      await page.getByText(OFF).waitFor();
      const sent = page.waitForRequest((request) => request.url().includes('push.subscribe') && request.method() === 'POST');
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();
      expect((await sent).postData()).toContain(subscription.endpoint);
      await page.getByText(ON).scrollIntoViewIfNeeded();
      await readmeScreenshot(page, `push-opt-in-${viewport.width}`);
      await context.close();
    });
  }
});
