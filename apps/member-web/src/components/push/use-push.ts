import { trpc } from '@app/client';
import { useEffect, useState } from 'react';
import { browserPush, currentSubscription, subscribeBrowser } from './browser-push';

/**
 * Push notifications on this browser for the signed-in member: `unavailable` when the site has no VAPID
 * key or the browser no push, `blocked` when the member refused notifications in the browser, else on or off.
 */
type PushState = 'checking' | 'unavailable' | 'blocked' | 'on' | 'off';

export function usePush() {
  const [permission, setPermission] = useState(browserPush);
  // A browser without push never asks for the key.
  const publicKey = trpc.push.publicKey.useQuery(undefined, { enabled: permission !== 'unsupported' });
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (permission === 'unsupported') return;
    let current = true;
    void currentSubscription().then(
      (subscription) => current && setSubscribed(subscription !== null),
      () => current && setSubscribed(false),
    );
    return () => {
      current = false;
    };
  }, [permission]);

  const key = publicKey.data?.publicKey;
  let state: PushState = 'checking';
  if (permission === 'unsupported' || key === null) state = 'unavailable';
  else if (permission === 'denied') state = 'blocked';
  else if (key !== undefined && subscribed !== null) state = subscribed ? 'on' : 'off';

  const turnOn = async () => {
    if (!key) return;
    setFailed(false);
    try {
      const subscription = await subscribeBrowser(key);
      setPermission(browserPush());
      if (!subscription) return;
      await subscribe.mutateAsync(subscription);
      setSubscribed(true);
    } catch {
      setFailed(true);
    }
  };

  const turnOff = async () => {
    setFailed(false);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await unsubscribe.mutateAsync({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setSubscribed(false);
    } catch {
      setFailed(true);
    }
  };

  return { state, failed, busy: subscribe.isPending || unsubscribe.isPending, turnOn, turnOff };
}
