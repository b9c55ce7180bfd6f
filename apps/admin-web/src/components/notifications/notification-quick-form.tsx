import { trpc } from '@app/client';
import { adminNotificationInput, staffMessages, z } from '@app/contracts';
import { Button, FormError, TextField, useZodForm } from '@app/ui';
import { Send } from 'lucide-react';
import { useMemo } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';

interface NotificationQuickFormProps {
  /** The panel tab and the quick dialog word the missing-field error differently (docs/product-rules.md#validation). */
  requiredMessage: string;
  /** Called once the notification is sent (the dialog closes). */
  onSent?: () => void;
}

/** What the form sends besides the two boxes: an info notification for everyone, with no expiry. */
const GLOBAL_INFO = { type: 'info', isGlobal: true } as const;

/**
 * Both boxes must be filled, which the form says in one line in its own words; then the server's rules
 * for the notification it sends.
 */
function quickRules(requiredMessage: string) {
  return z
    .object({ title: z.string(), message: z.string() })
    .refine(({ title, message }) => title.trim() !== '' && message.trim() !== '', requiredMessage)
    .transform((typed): z.input<typeof adminNotificationInput> => ({ ...typed, ...GLOBAL_INFO }))
    .pipe(adminNotificationInput);
}

/** Title and message, sent to every member as an info notification with no expiry. */
export function NotificationQuickForm({ requiredMessage, onSent }: NotificationQuickFormProps) {
  const rules = useMemo(() => quickRules(requiredMessage), [requiredMessage]);
  // raw: the title and message go as typed.
  const form = useZodForm(rules, { defaultValues: { title: '', message: '' }, raw: true });
  const { errors } = form.formState;
  const send = trpc.admin.notifications.send.useMutation();
  const utils = trpc.useUtils();

  const submit = form.handleSubmit(async (typed) => {
    try {
      await send.mutateAsync({ ...typed, ...GLOBAL_INFO });
    } catch (failure) {
      toastFailure(failure, staffMessages.admin.screens.sendFailed);
      return;
    }
    await utils.admin.notifications.all.invalidate();
    toastSuccess(staffMessages.admin.screens.globalSent);
    form.reset();
    onSent?.();
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField control={form.control} name="title" label="Title" maxLength={200} />
      <TextField control={form.control} name="message" label="Message" rows={3} maxLength={2000} />
      <FormError message={errors.root?.message} />
      <Button type="submit" className="justify-self-start" disabled={send.isPending}>
        <Send aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Send Notification'}
      </Button>
    </form>
  );
}
