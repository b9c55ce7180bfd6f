import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt, useMockServer } from './kit';
import { servePanel } from './panel-fixtures';

useMockServer();

describe('a session that ends while the admin panel is open', () => {
  afterEach(() => window.history.replaceState(null, '', '/admin/'));

  it('says so, keeps the page, and signs in again back to the same page', async () => {
    // The dialog reads the address bar for the way back, as the browser has it.
    window.history.replaceState(null, '', '/admin/users?filter=vip');
    servePanel({ 'admin.users.list': () => ({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }) });
    renderAt('/admin/users?filter=vip');

    const dialog = within(await screen.findByRole('dialog', { name: 'Your session has ended' }));
    expect(dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fadmin%2Fusers%3Ffilter%3Dvip');
    expect(screen.getByRole('heading', { level: 1, name: 'User Management', hidden: true })).toBeTruthy();
  });
});
