import {
  type BrowserContext,
  browserOfFile,
  contextSender,
  ok,
  screenshot,
  seriousAccessibilityProblems,
  signInUnlockedAdmin,
} from '@app/testkit/browser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E } from '../credentials';
import { giveNewMemberBalance, run, signUpMember } from '../support';

/**
 * Passkeys and the step-up for money (docs/architecture.md#passkeys-and-the-step-up) in Chromium, with its
 * virtual authenticator (DevTools' WebAuthn domain): an admin registers a passkey on the Passkeys page, and
 * then a payout approval first answers 401 STEP_UP_REQUIRED, the passkey prompt opens, the passkey answers
 * and the payout is approved. WebAuthn needs a domain for its relying party, not an address: the pages are
 * opened at localhost.
 */

const baseUrl = inject('baseUrl').replace('127.0.0.1', 'localhost');
const browser = browserOfFile({ baseURL: baseUrl });
let admin: BrowserContext;
let payoutId: string;

beforeAll(async () => {
  admin = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  await signInUnlockedAdmin(contextSender(admin.request), E2E.passkeyAdminEmail, E2E.adminPanelPassword);

  // A member with ₱500.00 (funded by this admin while it has no passkey) asks for a payout of ₱200.00.
  const member = await browser.newContext();
  const id = await signUpMember(member.request, `passkey-payee-${run}@example.com`, { firstName: 'Pia', lastName: 'Passkey' });
  await giveNewMemberBalance(admin.request, id, '500');
  ({ id: payoutId } = await ok<{ id: string }>(
    member.request.post('/api/payouts', {
      data: { paymentMethod: 'G-CASH', amount: '200', destination: { mobile: '0917 622 0001', accountName: 'Pia Passkey' } },
    }),
  ));
  await member.close();
});

describe('an admin with a passkey', () => {
  it('registers a passkey, and approves a payout only after the passkey prompt', async () => {
    const page = await admin.newPage();
    const cdp = await admin.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    await page.goto('/admin/passkeys');
    await page.getByRole('heading', { level: 1, name: 'Passkeys' }).waitFor();
    await page.getByText('No passkeys yet').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Name').fill('E2E laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const passkeys = page.getByRole('table', { name: 'Passkeys' });
    await passkeys.getByRole('row', { name: /E2E laptop/ }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'admin-passkeys-1280');

    // A REST client without a step-up gets the same rule.
    const refused = await admin.request.post(`/api/admin/payout/${payoutId}/status`, { data: { status: 'approved' } });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('STEP_UP_REQUIRED');

    await page.goto('/admin/payouts');
    const row = page.getByRole('table', { name: 'Pending payout requests' }).getByRole('row', { name: new RegExp(`passkey-payee-${run}`) });
    await row.getByRole('button', { name: /^Approve Payout of/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve payout?' });
    const firstTry = page.waitForResponse((response) => response.url().includes('admin.payouts.decide'));
    await confirm.getByRole('button', { name: 'Pay ₱200.00' }).click();
    const answer = await firstTry;
    expect(answer.status()).toBe(401);
    expect(JSON.stringify(await answer.json())).toContain('STEP_UP_REQUIRED');

    const prompt = page.getByRole('dialog', { name: 'Confirm with your passkey' });
    await prompt.waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'admin-passkey-prompt-1280');
    await prompt.getByRole('button', { name: 'Use passkey' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(async () =>
        (await ok<Array<{ id: string }>>(admin.request.get('/api/admin/pending-payouts'))).some((payout) => payout.id === payoutId),
      )
      .toBe(false);
    const listed = await ok<{ passkeys: Array<{ name: string; lastUsedAt: string | null }>; stepUpUntil: string | null }>(
      admin.request.get('/api/admin/passkeys'),
    );
    expect(listed.passkeys).toMatchObject([{ name: 'E2E laptop', lastUsedAt: expect.any(String) }]);
    expect(listed.stepUpUntil).not.toBeNull();
  });
});
