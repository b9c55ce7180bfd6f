import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';

const { answerWith } = setupTrpcServer();

/**
 * The header's drawer and account menu load after the first paint (AppShell of packages/ui): pressed as
 * soon as they show, they open all the same, and closing hands the focus back to the button.
 */
describe('header menus', () => {
  it('opens the menu drawer with the site navigation', async () => {
    const user = userEvent.setup();
    answerWith({ 'auth.user': () => ({ data: testUser() }) });
    renderAt('/about');

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Menu' }));
    expect(drawer.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(drawer.getByRole('link', { name: 'Logout' })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('renders a menu’s control only from its first press: the page starts with the buttons alone', async () => {
    const user = userEvent.setup();
    answerWith({ 'auth.user': () => ({ data: testUser() }) });
    renderAt('/about');
    const account = await screen.findByRole('button', { name: /^Open user menu/ });
    // Radix's triggers say that they open a menu or a dialog; the stand-ins are plain buttons.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelectorAll('[aria-haspopup]')).toHaveLength(0);

    await user.click(account);
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: /^Open user menu/ }).getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.getByRole('button', { name: 'Open menu' }).hasAttribute('aria-haspopup')).toBe(false);
  });

  it('opens the account menu with the profile and sign-out', async () => {
    const user = userEvent.setup();
    answerWith({ 'auth.user': () => ({ data: testUser() }) });
    renderAt('/about');

    await user.click(await screen.findByRole('button', { name: /^Open user menu/ }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText('maria.santos@example.com')).toBeTruthy();
    expect(menu.getByRole('menuitem', { name: 'Your Profile' })).toBeTruthy();
    expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Open user menu/ }));
  });
});
