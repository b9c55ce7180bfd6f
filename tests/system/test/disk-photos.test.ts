import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '@app/db';
import { afterAll, describe, expect, it } from 'vitest';
import { call, signIn, startServer, temporaryDataDir } from '../support';

/**
 * The start-up move of profile photos an older version kept on disk (docs/architecture.md#uploads), run
 * through the built server's main: a member whose profile_image_url is `/uploads/avatars/<file>` with the
 * file in DATA_DIR/uploads/avatars is, once the server started, pointed at a photo in the store, which is
 * served, and the file is gone from the disk.
 */

/** A 24 × 24 green PNG (made by sharp), as an older version's upload could have been. */
const LEGACY_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAKElEQVQ4jWNQWlVOFcQwapDSaBgpjaajVaNZZNVoMVI+WkKWD2QtAgCyQtbfzHADDgAAAABJRU5ErkJggg==',
  'base64',
);

const data = temporaryDataDir();
afterAll(() => data.remove());

describe('photos left on disk by an older version', () => {
  it('are moved into the photo store when the server starts, then served from it, and the file removed', async () => {
    const email = 'old-photo@example.com';
    const first = await startServer({ DATA_DIR: data.dir });
    let cookie: string;
    try {
      cookie = await signIn(first.baseUrl, email);
    } finally {
      expect((await first.stop()).code, first.output()).toBe(0);
    }

    // As an older version left it: the file under uploads/avatars, and its URL on the member's row.
    const file = path.join(data.dir, 'uploads', 'avatars', 'legacy-avatar.png');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, LEGACY_PHOTO);
    const handle = await createDb({ dataDir: data.dir, pgliteTemplateDir: null });
    try {
      await handle.db
        .updateTable('users')
        .set({ profileImageUrl: '/uploads/avatars/legacy-avatar.png' })
        .where('email', '=', email)
        .execute();
    } finally {
      await handle.close();
    }

    const second = await startServer({ DATA_DIR: data.dir });
    try {
      // The move runs in the background once the server listens.
      let url = '';
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const user = await call(second.baseUrl, cookie, 'GET', '/api/auth/user');
        expect(user.status).toBe(200);
        url = user.body.profileImageUrl ?? '';
        if (!url.startsWith('/uploads/avatars/')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(url).toMatch(/^\/uploads\/photos\/[0-9a-f]{32}-256\.webp$/);
      const photo = await fetch(`${second.baseUrl}${url}`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
      expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(existsSync(file)).toBe(false);
    } finally {
      expect((await second.stop()).code, second.output()).toBe(0);
    }
  });
});
