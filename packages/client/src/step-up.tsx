import type { AppRouter } from '@app/api';
import { staffMessages } from '@app/contracts';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import type { PasskeyOwner } from './passkey-ceremony';
import { isServerAnswer } from './server-answer';

/** Only an open prompt needs the dialog and @simplewebauthn/browser, so they load then. */
const PasskeyPrompt = lazy(() => import('./passkey-prompt'));

/** What a web app hands TrpcProvider to answer STEP_UP_REQUIRED with the passkey prompt. */
export interface StepUp {
  link: TRPCLink<AppRouter>;
  /** Renders the prompt while a call waits on it. */
  Host: () => ReactNode;
}

/**
 * The step-up of docs/architecture.md#passkeys-and-the-step-up, once for every mutation of an app: a
 * mutation refused with STEP_UP_REQUIRED waits while the passkey prompt is open, and is sent once more
 * when the passkey answered; cancelled, it fails saying the decision was not made. PASSKEY_REQUIRED calls
 * `onPasskeyRequired` (the admin panel opens its Passkeys page); the refusal still reaches the screen,
 * which says why.
 */
export function createStepUp(owner: PasskeyOwner, onPasskeyRequired?: () => void): StepUp {
  let waiting: ((steppedUp: boolean) => void) | null = null;
  const listeners = new Set<() => void>();
  const settle = (steppedUp: boolean) => {
    waiting?.(steppedUp);
    waiting = null;
    for (const listener of listeners) listener();
  };
  const prompt = () =>
    new Promise<boolean>((resolve) => {
      // A second refused call while the prompt is open waits on the same answer.
      const earlier = waiting;
      waiting = (steppedUp) => {
        earlier?.(steppedUp);
        resolve(steppedUp);
      };
      for (const listener of listeners) listener();
    });

  const link: TRPCLink<AppRouter> =
    () =>
    ({ op, next }) =>
      observable((observer) => {
        let current: Unsubscribable | null = null;
        let stopped = false;
        const send = (retried: boolean) => {
          current = next(op).subscribe({
            next: (result) => observer.next(result),
            complete: () => observer.complete(),
            error: (error) => {
              const code = isServerAnswer(error) ? error.data?.code : undefined;
              if (code === 'PASSKEY_REQUIRED') onPasskeyRequired?.();
              if (retried || op.type !== 'mutation' || code !== 'STEP_UP_REQUIRED') return observer.error(error);
              void prompt().then((steppedUp) => {
                if (stopped) return;
                if (steppedUp) return send(true);
                observer.error(TRPCClientError.from({ error: { ...error.shape, message: staffMessages.passkeys.notMade } }));
              });
            },
          });
        };
        send(false);
        return () => {
          stopped = true;
          current?.unsubscribe();
        };
      });

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function Host() {
    const open = useSyncExternalStore(
      subscribe,
      () => waiting !== null,
      () => false,
    );
    if (!open) return null;
    return (
      <Suspense fallback={null}>
        <PasskeyPrompt owner={owner} onSettle={settle} />
      </Suspense>
    );
  }
  return { link, Host };
}
