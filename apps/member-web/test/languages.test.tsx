import { memberNotificationSchema } from '@app/contracts';
import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';
import { testVipStatus } from './earning-fixtures';

const { answerWith, inputsOf } = setupTrpcServer();

/*
 * The member's language (docs/architecture.md#two-languages): switched in the header or on Profile, the
 * page changes at once, `<html lang>` follows, the cookie keeps it and the member's account stores it; a
 * language the account already stores wins over the browser's.
 */
describe('the language switch', () => {
  it('turns the page Filipino from the header, and stores the choice on the member', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser({ language: 'en' }) }), 'profile.setLanguage': () => ({ data: { ok: true } }) });
    renderAt('/profile');
    await screen.findByRole('heading', { name: 'Account information' });

    await userEvent.click(screen.getByRole('button', { name: 'Language: Filipino' }));
    expect(await screen.findByRole('heading', { name: 'Impormasyon ng account' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fil');
    expect(document.cookie).toContain('lang=fil');
    await waitFor(() => expect(inputsOf('profile.setLanguage')).toEqual([{ language: 'fil' }]));
    // The shared layout too: the menu's links.
    expect(screen.getAllByRole('link', { name: 'Mga payout' }).length).toBeGreaterThan(0);
    // The header now offers English, named in English.
    expect(screen.getByRole('button', { name: 'Wika: English' })).toBeTruthy();
  });

  it('switches back to English on Profile', async () => {
    answerWith({ 'auth.user': () => ({ data: testUser({ language: 'fil' }) }), 'profile.setLanguage': () => ({ data: { ok: true } }) });
    renderAt('/profile');
    // The account's stored Filipino wins over this English browser.
    await screen.findByRole('heading', { name: 'Impormasyon ng account' });
    expect(screen.getByRole('button', { name: 'Filipino', pressed: true })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'English', pressed: false }));
    expect(await screen.findByRole('heading', { name: 'Account information' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(inputsOf('profile.setLanguage')).toEqual([{ language: 'en' }]));
  });

  it('shows a Filipino member the dashboard in Filipino, the shared texts and the money too', async () => {
    answerWith({
      'auth.user': () => ({ data: testUser({ language: 'fil', availableBalance: '1234.50' }) }),
      'tasks.list': () => ({ data: [] }),
      'transactions.list': () => ({ data: [] }),
      'vip.status': () => ({ data: testVipStatus() }),
    });
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maligayang pagbabalik, Maria' })).toBeTruthy();
    expect(await screen.findByText('Walang available na task')).toBeTruthy();
    expect(screen.getByText('₱1,234.50')).toBeTruthy();
    expect(document.documentElement.lang).toBe('fil');
  });

  it('says a notice the server wrote in English in Filipino, and an admin’s notification as written', async () => {
    const notice = (id: string, title: string, message: string) =>
      memberNotificationSchema.parse({
        id,
        title,
        message,
        type: 'info',
        isGlobal: false,
        createdAt: '2026-03-01T02:00:00.000Z',
        expiresAt: null,
        read: true,
        link: null,
      });
    answerWith({
      'auth.user': () => ({ data: testUser({ language: 'fil' }) }),
      'notifications.list': () => ({
        data: {
          items: [
            notice('n1', 'Payout sent', '₱200.00 sent to GCash 0917•••4567. Reference: 1234567890123.'),
            notice('n2', 'Payout schedule', 'Payouts requested this week are sent on Friday.'),
          ],
          unreadCount: 0,
        },
      }),
    });
    renderAt('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Mga notification' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText('Naipadala na ang payout')).toBeTruthy();
    expect(menu.getByText('Naipadala na ang ₱200.00 sa GCash 0917•••4567. Reference: 1234567890123.')).toBeTruthy();
    expect(menu.getByText('Payout schedule')).toBeTruthy();
    expect(menu.getByText('Payouts requested this week are sent on Friday.')).toBeTruthy();
  });
});
