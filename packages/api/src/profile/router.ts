import { languageSchema, okOutput } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, mutation, okWhenDone, restEntries, router, sessionProcedure } from '../trpc';
import { saveProfilePhoto, setLanguage } from './service';

const rest = restEntries('profile');

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

  /**
   * The language the member reads the site in (docs/architecture.md#two-languages): their notices, push texts
   * and the server's errors follow it. A suspended member and a closed site may still change it.
   */
  setLanguage: mutation(sessionProcedure, {
    openapi: rest.signedIn('POST', '/profile/language', 'Choose the language of the site (en or fil)'),
    input: z.object({ language: languageSchema }),
    output: okOutput,
    run: (ctx, input) => okWhenDone(setLanguage(ctx.db, ctx.user.id, input.language)),
  }),
});
