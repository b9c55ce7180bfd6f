import { deviceTraits, trpc } from '@app/client';
import { whenIdle } from '@app/ui';
import { useEffect } from 'react';

/** The traits last sent for a member in this tab's session, if the browser keeps session storage. */
function sentFor(userId: string): string | null {
  try {
    return sessionStorage.getItem(`device-traits:${userId}`);
  } catch {
    return null;
  }
}

function rememberSent(userId: string, traits: string): void {
  try {
    sessionStorage.setItem(`device-traits:${userId}`, traits);
  } catch {
    // Without session storage the traits are sent again on the next load: the server only notes it was seen.
  }
}

/**
 * Computes this browser's traits once the app has shown (from then on every call carries them in its
 * header) and, once a member is signed in, sends them once per session (POST /api/auth/device,
 * docs/product-rules.md#fraud-rules). Nothing is shown either way: a refusal or a failure is silent.
 */
export function useReportDeviceTraits(userId: string | undefined): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    let current = true;
    const report = () =>
      void deviceTraits().then(async (traits) => {
        if (!traits || !userId || !current || sentFor(userId) === traits) return;
        try {
          await utils.client.auth.device.mutate({ traits });
          rememberSent(userId, traits);
        } catch {
          // Sent again at the next load or sign-in.
        }
      });
    // When the browser is idle: drawing and hashing the traits took about 130 ms of a slow phone's first
    // seconds, while the first screen was still being built.
    const idle = whenIdle(report);
    return () => {
      current = false;
      idle.cancel();
    };
  }, [userId, utils]);
}
