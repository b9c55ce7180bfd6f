import { z } from 'zod';
import { memberProcedure, router } from '../trpc';
import { saveProfilePhoto } from './service';

/**
 * The photo arrives as multipart, which tRPC does not carry: the server's upload route reads the file
 * and calls this procedure through a server-side caller, so the same sign-in and maintenance rules apply.
 */
export const profileRouter = router({
  uploadPhoto: memberProcedure
    .input(z.object({ bytes: z.instanceof(Uint8Array) }))
    .output(z.object({ profileImageUrl: z.string() }))
    .mutation(({ ctx, input }) =>
      saveProfilePhoto(
        { db: ctx.db, photos: ctx.photos, photoDecoder: ctx.photoDecoder, uploadsDir: ctx.settings.uploadsDir },
        ctx.user.id,
        input.bytes,
      ),
    ),
});
