import { AD_SCRIPT_URL } from '@app/contracts';

declare global {
  interface Window {
    adsbygoogle?: object[];
  }
}

/** Adds the ad network's script to the page once, however many slots the page shows. */
function loadAdScript(clientId: string) {
  if (document.querySelector('script[data-ad-loader]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `${AD_SCRIPT_URL}?client=${encodeURIComponent(clientId)}`;
  script.dataset.adLoader = '';
  document.head.append(script);
}

/**
 * Asks the ad network to fill one banner's unit (an `<ins>` of AdSlot): its script once per page, then one
 * push per unit. Without React: landing.html's script fills the landing page's banner with it too.
 */
export function requestAd(unit: HTMLElement, clientId: string): void {
  loadAdScript(clientId);
  // Each unit is filled by one push; StrictMode's second effect run must not ask twice for the same one.
  if (unit.dataset.adRequested !== undefined) return;
  unit.dataset.adRequested = '';
  unit.dataset.adClient = clientId;
  window.adsbygoogle = window.adsbygoogle ?? [];
  window.adsbygoogle.push({});
}
