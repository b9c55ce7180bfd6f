import { browserOfFile, takeCspViolations } from '@app/testkit/browser';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support';

const { newPage } = browserOfFile();

describe('Content-Security-Policy in the browser', () => {
  it('is reported by the browser helper when a page breaks it', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/api/docs`);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => takeCspViolations().join('\n')).toContain('script-src');
    await page.close();
  });

  it('lets the development sign-in page and the API reference run their own nonced style and script', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/api/docs`);
    expect(await page.locator('h1').evaluate((heading) => getComputedStyle(heading.ownerDocument.body).maxWidth)).toBe('1152px');
    await page.goto(`${baseUrl}/api/login`);
    // The form's script posts the sign-in and shows the server's refusal.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).not.toBe('');
    await page.close();
  });
});
