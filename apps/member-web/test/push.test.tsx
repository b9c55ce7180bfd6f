import type { MessageKey } from '@app/contracts/i18n';
import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../src/lib/language';
import { onePage, renderAt, setupTrpcServer } from './app-harness';

const { answerWith, inputsOf } = setupTrpcServer();
/** The opt-in's English texts, by their names in the catalogue (push.*). */
const pm = (name: string) => translate(`push.${name}` as MessageKey);

/** A VAPID public key as the server hands it out: 65 bytes, base64url. */
const PUBLIC_KEY = `B${'Ab-_'.repeat(21)}Ab`;
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
};

/** A browser with a service worker and push: its permission, its subscription, what the page asked of it. */
function fakeBrowser(permission: NotificationPermission, subscribed = false) {
  const state = { permission, subscription: null as null | { endpoint: string; toJSON(): object; unsubscribe(): Promise<boolean> } };
  const unsubscribe = vi.fn(async () => {
    state.subscription = null;
    return true;
  });
  const made = () => ({ endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION, unsubscribe });
  if (subscribed) state.subscription = made();
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    state.subscription = made();
    return state.subscription;
  });
  const requestPermission = vi.fn(async () => {
    state.permission = 'granted';
    return state.permission;
  });
  const registration = { pushManager: { getSubscription: async () => state.subscription, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, {
      requestPermission,
      get permission() {
        return state.permission;
      },
    }),
  );
  return { subscribe, requestPermission, unsubscribe };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function openProfile(publicKey: string | null = PUBLIC_KEY) {
  answerWith({
    'auth.user': () => ({ data: testUser() }),
    'push.publicKey': () => ({ data: { publicKey } }),
    'push.subscribe': () => ({ data: { ok: true } }),
    'push.unsubscribe': () => ({ data: { ok: true } }),
  });
  renderAt('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
}

describe('push notifications on Profile', () => {
  it('turns them on: asks the permission, subscribes with the site’s key, sends the subscription', async () => {
    const browser = fakeBrowser('default');
    const user = userEvent.setup();
    await openProfile();
    expect(screen.getByText(pm('explain'))).toBeTruthy();
    expect(await screen.findByText(pm('off'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: pm('turnOn') }));

    expect(await screen.findByText(pm('on'))).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(options?.applicationServerKey).toHaveLength(65);
    expect(inputsOf('push.subscribe')).toEqual([SUBSCRIPTION]);
  });

  it('turns them off: the server forgets the browser, and the browser its subscription', async () => {
    const browser = fakeBrowser('granted', true);
    const user = userEvent.setup();
    await openProfile();
    await user.click(await screen.findByRole('button', { name: pm('turnOff') }));
    expect(await screen.findByText(pm('off'))).toBeTruthy();
    expect(inputsOf('push.unsubscribe')).toEqual([{ endpoint: SUBSCRIPTION.endpoint }]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('says when the browser blocks notifications, and offers no button', async () => {
    fakeBrowser('denied');
    await openProfile();
    expect(await screen.findByText(pm('blocked'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: pm('turnOn') })).toBeNull();
  });

  it('says push is not available where the browser has none or the site has no key', async () => {
    await openProfile();
    expect(await screen.findByText(pm('unsupported'))).toBeTruthy();
    expect(inputsOf('push.publicKey')).toEqual([]);

    fakeBrowser('default');
    await openProfile(null);
    await waitFor(() => expect(screen.getAllByText(pm('unsupported'))).toHaveLength(2));
    expect(screen.queryByRole('button', { name: pm('turnOn') })).toBeNull();
  });
});

describe('the offer after a payout request', () => {
  async function openPayouts(money: { pendingPayout: string; totalPaidOut: string }) {
    answerWith({
      'auth.user': () => ({ data: testUser(money) }),
      'payouts.list': () => ({ data: onePage([]) }),
      'push.publicKey': () => ({ data: { publicKey: PUBLIC_KEY } }),
      'push.subscribe': () => ({ data: { ok: true } }),
    });
    renderAt('/payouts');
    await screen.findByRole('heading', { level: 1, name: 'Payouts' });
  }

  it('is not made before the member has asked for a payout', async () => {
    fakeBrowser('default');
    await openPayouts({ pendingPayout: '0.00', totalPaidOut: '0.00' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(pm('promptTitle'))).toBeNull();
    expect(inputsOf('push.publicKey')).toEqual([]);
  });

  it('is made once a payout was requested; “Not now” is remembered', async () => {
    fakeBrowser('default');
    const user = userEvent.setup();
    await openPayouts({ pendingPayout: '200.00', totalPaidOut: '0.00' });
    expect(await screen.findByText(pm('promptBody'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: pm('promptDismiss') }));
    expect(screen.queryByText(pm('promptTitle'))).toBeNull();

    renderAt('/payouts');
    await screen.findAllByRole('heading', { level: 1, name: 'Payouts' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(pm('promptTitle'))).toBeNull();
  });

  it('turns push on when accepted, and is not made again', async () => {
    const browser = fakeBrowser('default');
    const user = userEvent.setup();
    await openPayouts({ pendingPayout: '200.00', totalPaidOut: '0.00' });
    await user.click(await screen.findByRole('button', { name: pm('promptAccept') }));
    await waitFor(() => expect(inputsOf('push.subscribe')).toEqual([SUBSCRIPTION]));
    expect(browser.subscribe).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText(pm('promptTitle'))).toBeNull());
  });
});
