import { lazyExport } from '@app/ui';
import { Suspense, useState } from 'react';

// Loaded only for a member it may be shown to: the Payouts page does not carry push's code otherwise.
const PushOffer = lazyExport(() => import('./push-offer'), 'PushOffer');

/** This browser remembers that the member answered the offer, either way. */
const ANSWERED_KEY = 'pesotasks.push-offer-answered';

function wasAnswered(): boolean {
  try {
    return localStorage.getItem(ANSWERED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Offers push notifications once the member has asked for a payout (pending or paid: after the first
 * request succeeds), never before, and never again on this browser once answered.
 */
export function PushOfferOnce({ user }: { user: { pendingPayout: string; totalPaidOut: string } }) {
  const [answered, setAnswered] = useState(wasAnswered);
  if (answered || (Number(user.pendingPayout) === 0 && Number(user.totalPaidOut) === 0)) return null;
  const remember = () => {
    try {
      localStorage.setItem(ANSWERED_KEY, new Date().toISOString());
    } catch {
      // Storage refused (a private window): the offer is still gone for this visit.
    }
    setAnswered(true);
  };
  return (
    <Suspense fallback={null}>
      <PushOffer onAnswered={remember} />
    </Suspense>
  );
}
