import { readQueries } from '@app/client/read-queries';
import { siteOpen } from '@app/testkit/fixtures';
import { getAllByRole, getByRole, queryByRole } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingPageMarkup } from '../src/first-paint/render';
import { runLandingPage } from '../src/lib/landing-script';
import { activateLanguage } from '../src/lib/language';
import { setupTrpcServer } from './app-harness';

const { answerWith, inputsOf } = setupTrpcServer();

const paidLately = {
  data: { paidCount: 1204, paidTotal: '312450.00', medianApprovalSeconds: 6 * 3600, asOf: '2026-11-24T00:00:00.000Z' },
};

/**
 * landing.html as the build writes it (docs/architecture.md#what-a-page-loads-first), at `path`, in the
 * active language, and its script run against the test's server; what the script asked of the page's loads.
 */
async function openLandingPage(path = '/') {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${renderToStaticMarkup(<LandingPageMarkup />)}</div>`;
  const outside = { read: readQueries, reload: vi.fn(), takeOver: vi.fn() };
  await runLandingPage(document, outside);
  return outside;
}

const proof = () => document.querySelector<HTMLElement>('[data-payout-proof]');

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the page's script writes it so; each test starts without.
  document.cookie = 'lang=; Max-Age=0; Path=/';
});

describe("landing.html's script", () => {
  it('writes what was paid lately into the page, in its words, with one request for what it reads', async () => {
    answerWith({ 'payouts.publicStats': () => paidLately });
    const outside = await openLandingPage();
    expect(proof()?.hidden).toBe(false);
    expect(proof()?.textContent).toBe('1,204 payouts · ₱312,450.00 paid in the last 30 days · usually approved in about 6 hours');
    expect(inputsOf('payouts.publicStats')).toHaveLength(1);
    expect(outside.takeOver).not.toHaveBeenCalled();
  });

  it('writes it in Filipino on the Filipino page', async () => {
    await activateLanguage('fil');
    answerWith({ 'payouts.publicStats': () => paidLately });
    await openLandingPage();
    expect(proof()?.textContent).toMatch(/^1,204 payouts · ₱312,450\.00 ang naibayad sa nakaraang 30 araw · karaniwang na-a-approve/);
  });

  it.each([
    ['nothing was paid yet', { data: { paidCount: 0, paidTotal: '0.00', medianApprovalSeconds: null, asOf: '2026-11-24T00:00:00.000Z' } }],
    ['the figures cannot be read', { error: { code: 'INTERNAL_SERVER_ERROR' as const, message: 'Something went wrong' } }],
  ])('says nothing about payouts when %s, and shows no error', async (_case, reply) => {
    answerWith({ 'payouts.publicStats': () => reply });
    await openLandingPage();
    expect(proof()?.hidden).toBe(true);
    expect(queryByRole(document.body, 'alert')).toBeNull();
  });

  it('makes every sign-in link come back to the page it was opened at', async () => {
    answerWith({});
    await openLandingPage('/payouts');
    const signIns = getAllByRole(document.body, 'link', { name: /Get Started|Sign In/ });
    expect(signIns.length).toBeGreaterThan(2);
    for (const link of signIns) expect(link.getAttribute('href')).toBe('/api/login?returnTo=%2Fpayouts');
  });

  it('switches the language with the cookie and a reload, which brings the page in that language', async () => {
    answerWith({});
    const outside = await openLandingPage();
    expect(document.cookie).toContain('lang=en');
    getByRole(document.body, 'button', { name: 'Language: Filipino' }).click();
    expect(document.cookie).toContain('lang=fil');
    expect(outside.reload).toHaveBeenCalledTimes(1);
  });

  it('hands the page to the member app while the site is closed', async () => {
    answerWith({ 'maintenance.status': () => ({ data: { ...siteOpen, maintenance: true } }), 'payouts.publicStats': () => paidLately });
    const outside = await openLandingPage();
    expect(outside.takeOver).toHaveBeenCalledTimes(1);
    expect(proof()?.hidden).toBe(true);
  });

  it('shows the banner and asks the ad network to fill it only when an ad client is configured', async () => {
    answerWith({});
    await openLandingPage();
    expect(document.querySelector<HTMLElement>('[data-ad-slot]')?.hidden).toBe(true);
    expect(document.querySelector('script[data-ad-loader]')).toBeNull();

    answerWith({ 'site.config': () => ({ data: { adClientId: 'ca-pub-123', accountUrl: null, taskViewSeconds: 20 } }) });
    await openLandingPage();
    const banner = document.querySelector<HTMLElement>('[data-ad-slot]');
    expect(banner?.hidden).toBe(false);
    expect(banner?.getAttribute('aria-label')).toBe('Advertisement');
    expect(banner?.querySelector('ins')?.dataset.adClient).toBe('ca-pub-123');
    expect(document.querySelector('script[data-ad-loader]')?.getAttribute('src')).toContain('client=ca-pub-123');
  });
});
