import { requestAd } from '@app/client/ad-request';
import type { readQueries } from '@app/client/read-queries';
import { isLanguage, isSiteClosed, type PayoutStats } from '@app/contracts';
import { SIGN_IN_HREF, signInHref } from '@app/ui/sign-in-href';
import { payoutProofText } from '../components/payouts/payout-proof-figures';
import { rememberLanguage } from './language-cookie';

// Each from its own module, not a package's index: what this script imports is what landing.html loads first
// (build/first-paint.ts), and an index would bring the apps' React code with it.

/** What the landing page's script reaches beyond the page: the server, and the page's own loads. */
export interface LandingPageOutside {
  read: typeof readQueries;
  /** Reloads the page, which the server then sends in the language the cookie now names. */
  reload: () => void;
  /** Hands the page over to the member app, which shows what the site shows while it is closed. */
  takeOver: () => void;
}

/**
 * landing.html's script (docs/architecture.md#what-a-page-loads-first). The page is its HTML, rendered by the
 * build with the app's own components; this adds what HTML cannot, without React: the sign-in links come back
 * to the page they were opened from, the language switch works, what was paid lately and the banner show
 * once read, and a closed site hands the page to the member app. Resolves once all of it is done.
 */
export async function runLandingPage(page: Document, outside: LandingPageOutside): Promise<void> {
  const language = page.documentElement.lang;
  // The server chose the page's language from the browser's preference: the cookie keeps it for the next pages.
  if (isLanguage(language)) rememberLanguage(language);

  const back = signInHref(page.location.pathname);
  if (back !== SIGN_IN_HREF) {
    for (const link of page.querySelectorAll(`a[href="${SIGN_IN_HREF}"]`)) link.setAttribute('href', back);
  }

  for (const button of page.querySelectorAll<HTMLElement>('[data-switch-language]')) {
    button.addEventListener('click', () => {
      const chosen = button.dataset.switchLanguage;
      if (!isLanguage(chosen)) return;
      rememberLanguage(chosen);
      outside.reload();
    });
  }

  // One request for the three; what could not be read shows nothing, never an error.
  const [status, stats, config] = await outside.read(['maintenance.status', 'payouts.publicStats', 'site.config']);
  if (status && isSiteClosed(status)) {
    outside.takeOver();
    return;
  }
  if (stats) showPayoutProof(page, stats);
  if (config?.adClientId) showAd(page, config.adClientId);
}

/** Writes the figures into the proof's texts (PayoutProofTemplate) and shows it, when anything was paid. */
function showPayoutProof(page: Document, stats: PayoutStats): void {
  const proof = page.querySelector<HTMLElement>('[data-payout-proof]');
  const text = proof?.querySelector('span');
  if (!proof || !text) return;
  const said = payoutProofText({ paid: proof.dataset.paid ?? '', approved: proof.dataset.approved ?? '' }, stats);
  if (said === null) return;
  text.textContent = said;
  proof.hidden = false;
}

/** Shows the footer's banner (AdSlotTemplate) and asks the ad network to fill it. */
function showAd(page: Document, clientId: string): void {
  const slot = page.querySelector<HTMLElement>('[data-ad-slot]');
  const unit = slot?.querySelector('ins');
  if (!slot || !unit) return;
  slot.hidden = false;
  requestAd(unit, clientId);
}
