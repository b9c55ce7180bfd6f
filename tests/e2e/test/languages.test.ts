import { browserOfFile, contextSender, PHONE, signInThroughDevLogin } from '@app/testkit/browser';
import { describe, expect, it } from 'vitest';
import { baseUrl, run } from '../support';

/**
 * The member site in Filipino (docs/architecture.md#two-languages): a member switches in the header and the
 * choice outlives a reload (cookie and account), with `<html lang="fil">`; a signed-out visitor whose
 * browser prefers Filipino gets the Filipino landing page from the server, before any script.
 */

const { newContext } = browserOfFile({ baseURL: baseUrl, viewport: PHONE });

describe('Filipino', () => {
  it('stays the member’s language after a reload once they switch to it', async () => {
    const context = await newContext({ locale: 'en-US' });
    await signInThroughDevLogin(contextSender(context.request), `languages-${run}@example.com`, { firstName: 'Juan' });
    const page = await context.newPage();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Account information' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    // The account stores it before the reload reads it back.
    const stored = page.waitForResponse((response) => response.url().includes('profile.setLanguage'));
    await page.getByRole('button', { name: 'Language: Filipino' }).click();
    await page.getByRole('heading', { name: 'Impormasyon ng account' }).waitFor();
    expect((await stored).ok()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'Impormasyon ng account' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fil');
  });

  it('is the landing page a signed-out visitor gets when their browser prefers it', async () => {
    const context = await newContext({ locale: 'fil-PH', javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.headers().vary).toContain('Accept-Language');
    expect(await page.getAttribute('html', 'lang')).toBe('fil');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Kumita ng piso sa mga simpleng online task');
  });
});
