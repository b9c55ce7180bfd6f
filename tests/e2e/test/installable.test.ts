import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as forwardRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BrowserContext,
  browserOfFile,
  contextSender,
  dismissPopup,
  launchBrowserProfile,
  type Page,
  readmeScreenshot,
  screenshot,
  signInThroughDevLogin,
  toastSays,
  VIEWPORTS,
  type Viewport,
} from '@app/testkit/browser';
import { describe, expect, inject, it } from 'vitest';

/**
 * member-web as an installed app (docs/architecture.md#service-worker): Chromium's installability check,
 * the offline screen and the in-place offline message, the API never answered from a cache, the update
 * prompt of a new worker, and the worker's push notifications. Each screen at 390 and 1280 px.
 */

const baseUrl = inject('baseUrl');
const OFFLINE_REQUEST = "You're offline — check your connection and try again";
const UPDATE_PROMPT = 'Update available — reload';

const browser = browserOfFile();

const newContext = (viewport: Viewport, origin = baseUrl) =>
  browser.newContext({ baseURL: origin, viewport, reducedMotion: 'reduce', serviceWorkers: 'allow' });

const run = Date.now().toString(36);

/** Signs a member up for this test and in, in `context`. */
const signIn = (context: BrowserContext, name: string, viewport: Viewport) =>
  signInThroughDevLogin(contextSender(context.request), `pwa-${name}-${viewport.label}-${run}@example.com`, {
    firstName: 'Olivia',
    lastName: 'Santos',
  });

/**
 * A page of a member signed up for this test, its worker installed and in control. Members are who
 * install the app, and the member app is the page that registers the worker.
 */
async function memberPage(viewport: Viewport, name: string, origin = baseUrl): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(viewport, origin);
  await signIn(context, name, viewport);
  const page = await context.newPage();
  await page.goto('/');
  await workerInControl(page);
  return { context, page };
}

/** Waits until an activated service worker controls the page (its precache then holds the app). */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** The width and height a PNG's header gives. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the manifest and the worker as the server sends them', () => {
  it('serves sw.js and the manifest uncached, with their content types', async () => {
    const worker = await fetch(`${baseUrl}/sw.js`);
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('lists PNG icons of the sizes they say: 192, 512 and a maskable 512', async () => {
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const answer = await fetch(`${baseUrl}${icon.src}`);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await answer.arrayBuffer()))).toBe(icon.sizes);
    }
  });

  it('is linked from member pages only', async () => {
    expect(await (await fetch(`${baseUrl}/`)).text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(await (await fetch(`${baseUrl}/admin/`)).text()).not.toContain('rel="manifest"');
  });
});

describe('installable', () => {
  it.each(VIEWPORTS)('Chromium finds the manifest and reports no installability error at $width px', async (viewport) => {
    // Chromium offers no install in an incognito context, which is what a browser's new contexts are.
    const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'));
    const context = await launchBrowserProfile(profile, { baseURL: baseUrl, viewport });
    try {
      await signIn(context, 'install', viewport);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await workerInControl(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? 'null')).toMatchObject({
        id: '/',
        name: 'PesoTasks',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#047857',
      });
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('installable from the landing page', () => {
  it('Chromium reports no installability error to a signed-out visitor, whose page registers the worker', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'));
    const context = await launchBrowserProfile(profile, { baseURL: baseUrl, viewport: VIEWPORTS[1] });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
      await workerInControl(page);
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('offline', () => {
  it.each(VIEWPORTS)(
    'a member page opened offline shows the offline screen, whose Retry reloads once online, at $width px',
    async (viewport) => {
      const { context, page } = await memberPage(viewport, 'screen');
      await context.setOffline(true);

      const navigation = await page.goto('/history');
      expect(navigation?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor();
      await page.getByRole('link', { name: 'PesoTasks' }).first().waitFor();
      await readmeScreenshot(page, `offline-${viewport.width}`);

      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('button', { name: 'Waiting for a connection…' }).waitFor();
      await Promise.all([page.waitForEvent('load'), context.setOffline(false)]);
      await page.getByRole('heading', { level: 1, name: 'Transaction History' }).waitFor();
    },
  );

  it.each(VIEWPORTS)('a call that fails offline says so where its answer would be, at $width px', async (viewport) => {
    const { context, page } = await memberPage(viewport, 'call');
    await dismissPopup(page);
    await context.setOffline(true);

    // The VIP page's code comes from the precache; its plans cannot come at all.
    await page.getByRole('contentinfo').getByRole('link', { name: 'VIP Membership' }).click();
    await page.getByRole('alert').filter({ hasText: OFFLINE_REQUEST }).first().waitFor();
    await screenshot(page, `offline-call-${viewport.label}`);
  });

  it('never answers the API from a cache: offline, a call fails, and no API answer was ever stored', async () => {
    const { context, page } = await memberPage(VIEWPORTS[1], 'api');
    // Once online, the dashboard's calls have been answered: none of them may be kept.
    await page.getByRole('heading', { level: 1, name: 'Welcome, Olivia' }).waitFor();
    await context.setOffline(true);

    const call = await page.evaluate(() =>
      fetch('/trpc/auth.user', { credentials: 'include' }).then(
        (answer) => `answered ${answer.status}`,
        (error: Error) => `failed: ${error.name}`,
      ),
    );
    expect(call).toBe('failed: TypeError');
    const stored = await page.evaluate(async () => {
      const names = await caches.keys();
      const lists = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
      return lists.flat().map((url) => new URL(url).pathname);
    });
    expect(stored).toContain('/index.html');
    expect(stored.filter((pathname) => /^\/(api|trpc|uploads)(\/|$)/.test(pathname))).toEqual([]);
  });

  it("leaves the admin apps' pages to the network", async () => {
    const { page } = await memberPage(VIEWPORTS[0], 'admin-pages');
    for (const pagePath of ['/admin/', '/admin-portal', '/admin/percentage/']) {
      const navigation = await page.goto(pagePath);
      expect(navigation?.fromServiceWorker(), pagePath).toBe(false);
    }
  });
});

/**
 * The e2e server behind a proxy of this test's own whose sw.js can be made to differ from the build's, as
 * the next deploy's would: the page sees a new worker and its "Update available" prompt. The changed
 * worker tells a page that asks which version it is.
 */
async function proxyWithChangeableWorker(): Promise<{ origin: string; changeWorker: () => void; close: () => Promise<void> }> {
  const upstream = new URL(baseUrl);
  let changed = false;
  const server = createServer(async (request, reply) => {
    if (changed && request.url === '/sw.js') {
      const worker = await fetch(`${baseUrl}/sw.js`);
      reply.writeHead(200, { 'content-type': worker.headers.get('content-type') ?? '', 'cache-control': 'no-cache' });
      reply.end(
        `${await worker.text()}\nself.addEventListener('message', (event) => { if (event.data === 'version?') event.source.postMessage('changed'); });\n`,
      );
      return;
    }
    const forwarded = forwardRequest(
      { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(reply);
      },
    );
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    changeWorker: () => {
      changed = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a new version', () => {
  it.each(VIEWPORTS)('is offered with "Update available — reload", and Reload puts it in control, at $width px', async (viewport) => {
    const proxy = await proxyWithChangeableWorker();
    try {
      const { context, page } = await memberPage(viewport, 'update', proxy.origin);
      expect(
        await page
          .getByRole('region', { name: /Notifications/ })
          .getByText(UPDATE_PROMPT)
          .count(),
      ).toBe(0);

      proxy.changeWorker();
      await page.reload();
      await toastSays(page, UPDATE_PROMPT);
      await dismissPopup(page);
      await readmeScreenshot(page, `update-prompt-${viewport.width}`);

      await Promise.all([
        page.waitForEvent('load'),
        page
          .getByRole('region', { name: /Notifications/ })
          .getByRole('button', { name: 'Reload' })
          .click(),
      ]);
      const version = await page.evaluate(
        () =>
          new Promise((resolve) => {
            navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data), { once: true });
            navigator.serviceWorker.controller?.postMessage('version?');
          }),
      );
      expect(version).toBe('changed');
      await context.close();
    } finally {
      await proxy.close();
    }
  });
});

describe('push', () => {
  it("shows a push message as a notification with the app's icon and the page it opens", async () => {
    const { context, page } = await memberPage(VIEWPORTS[1], 'push');
    await context.grantPermissions(['notifications'], { origin: baseUrl });

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((candidate) => candidate.scopeURL === `${baseUrl}/` && !candidate.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const message = { title: 'Payout sent', body: '₱200.00 sent to GCash 0917•••4567', url: '/payouts' };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: await registration,
      data: JSON.stringify(message),
    });

    const shown = await page.evaluate(async () => {
      const worker = await navigator.serviceWorker.ready;
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const notifications = await worker.getNotifications();
        if (notifications.length) return notifications.map(({ title, body, icon, badge, data }) => ({ title, body, icon, badge, data }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [];
    });
    expect(shown).toEqual([
      {
        title: message.title,
        body: message.body,
        icon: `${baseUrl}/icons/icon-192.png`,
        badge: `${baseUrl}/icons/badge-96.png`,
        data: { url: '/payouts' },
      },
    ]);
  });
});
