import { SessionEndedError, trpc } from '@app/client';
import { messages, PROFILE_PHOTO_MAX_BYTES, type User } from '@app/contracts';
import { Button, toast, UserAvatar } from '@app/ui';
import { useMutation } from '@tanstack/react-query';
import { Camera, LoaderCircle } from 'lucide-react';
import { useRef } from 'react';
import { useLanguage } from '../../lib/language';
import { photoProblem, uploadProfilePhoto } from './upload-photo';

/** The avatar (photo or initials) with the button that replaces the photo. */
export function ProfilePhoto({ user }: { user: User }) {
  const { t, m } = useLanguage();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: () => {
      toast({ title: m(messages.profile.uploaded) });
      // The header's avatar and this one both read the user.
      void utils.auth.user.invalidate();
    },
    // An ended session is said by the page's session notice, not as a failed upload.
    onError: (error) => {
      if (!(error instanceof SessionEndedError)) toast({ variant: 'destructive', title: error.message });
    },
  });

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) toast({ variant: 'destructive', title: problem });
    else upload.mutate(file);
  }

  return (
    <div className="grid justify-items-center gap-3">
      <UserAvatar user={user} className="size-24 text-3xl" />
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={t('profile.photo')}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          // Choosing the same file again after a refusal must fire a change too.
          event.target.value = '';
        }}
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
        {upload.isPending ? (
          <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <Camera aria-hidden="true" />
        )}
        {upload.isPending ? t('profile.uploading') : t('profile.changePhoto')}
      </Button>
      <p className="max-w-40 text-center text-xs text-muted-foreground">
        {t('profile.photoRules', { megabytes: PROFILE_PHOTO_MAX_BYTES / (1024 * 1024) })}
      </p>
    </div>
  );
}
