import { testUser } from '@app/testkit/fixtures';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';

const { server, answerWith, inputsOf } = setupTrpcServer();

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

async function openProfile(config: { adClientId?: string | null; accountUrl?: string | null } = {}) {
  answerWith({
    'auth.user': () => ({ data: testUser() }),
    'site.config': () => ({ data: { adClientId: null, accountUrl: null, taskViewSeconds: 20, ...config } }),
  });
  renderAt('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
}

/** Answers the photo upload (multipart, outside tRPC) and records the files it received. */
function answerUpload(reply: () => Response) {
  const received: File[] = [];
  server.use(
    http.post('*/api/profile/upload-photo', async ({ request }) => {
      const file = (await request.formData()).get('profilePhoto');
      if (file instanceof File) received.push(file);
      return reply();
    }),
  );
  return received;
}

describe('profile photo', () => {
  it('refuses a file that is not an image, or too large, before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const received = answerUpload(() => HttpResponse.json({ profileImageUrl: '/uploads/avatars/a.png' }));
    await openProfile();
    const input = screen.getByLabelText('Profile photo');

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(received).toEqual([]);
  });

  it('uploads the photo as profilePhoto and reloads the user', async () => {
    const user = userEvent.setup();
    const received = answerUpload(() => HttpResponse.json({ profileImageUrl: '/uploads/avatars/a.png' }));
    await openProfile();

    await user.upload(screen.getByLabelText('Profile photo'), png());

    expect(await screen.findByText('Profile photo updated')).toBeTruthy();
    expect(received.map((file) => file.name)).toEqual(['me.png']);
    await waitFor(() => expect(inputsOf('auth.user').length).toBeGreaterThan(1));
  });

  it('shows the server’s reason, else the spec’s text', async () => {
    const user = userEvent.setup();
    let reply = () => HttpResponse.json({ message: 'Invalid file type', code: 'BAD_REQUEST' }, { status: 400 });
    answerUpload(() => reply());
    await openProfile();

    await user.upload(screen.getByLabelText('Profile photo'), png());
    expect(await screen.findByText('Invalid file type')).toBeTruthy();

    reply = () => new HttpResponse('Bad Gateway', { status: 502 });
    await user.upload(screen.getByLabelText('Profile photo'), png());
    expect(await screen.findByText('Failed to upload profile photo')).toBeTruthy();
  });

  it('says the session ended when the upload finds it gone, not that the upload failed', async () => {
    const user = userEvent.setup();
    answerUpload(() => HttpResponse.json({ message: 'Unauthorized', code: 'UNAUTHORIZED' }, { status: 401 }));
    await openProfile();

    await user.upload(screen.getByLabelText('Profile photo'), png());
    expect(await screen.findByRole('dialog', { name: 'Your session has ended' })).toBeTruthy();
    expect(screen.queryByText('Failed to upload profile photo')).toBeNull();
  });
});

describe('site configuration', () => {
  it('links the identity provider’s account page only when one is configured', async () => {
    await openProfile({ accountUrl: 'https://id.example.com/account' });
    const link = await screen.findByRole('link', { name: /Manage sign-in account/ });
    expect(link.getAttribute('href')).toBe('https://id.example.com/account');
  });

  it('shows no ad banner and loads no ad script without an ad client', async () => {
    await openProfile();
    await waitFor(() => expect(inputsOf('site.config').length).toBeGreaterThan(0));
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Manage sign-in account/ })).toBeNull();
    expect(document.querySelector('script[data-ad-loader]')).toBeNull();
  });

  it('shows the 728x90 banners and loads the ad script once when an ad client is configured', async () => {
    // happy-dom loads no scripts; it is told to treat the refusal as a load rather than report it.
    const { settings } = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM;
    settings.handleDisabledFileLoadingAsSuccess = true;
    await openProfile({ adClientId: 'ca-pub-1234567890' });

    const banners = await screen.findAllByRole('complementary', { name: 'Advertisement' });
    expect(banners.length).toBeGreaterThan(0);
    expect(banners[0]?.querySelector('ins')?.getAttribute('data-ad-client')).toBe('ca-pub-1234567890');
    const scripts = document.querySelectorAll('script[data-ad-loader]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890');
    scripts[0]?.remove();
    settings.handleDisabledFileLoadingAsSuccess = false;
  });
});
