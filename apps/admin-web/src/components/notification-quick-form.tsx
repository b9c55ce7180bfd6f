import { messages } from '@app/contracts';
import { Button, Field, Input, Textarea, trpc } from '@app/ui';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../lib/feedback';

interface NotificationQuickFormProps {
  /** The panel tab and the quick dialog word the missing-field error differently (docs/product-rules.md#validation). */
  requiredMessage: string;
  /** Called once the notification is sent (the dialog closes). */
  onSent?: () => void;
}

/** Title and message, sent to every member as an info notification with no expiry. */
export function NotificationQuickForm({ requiredMessage, onSent }: NotificationQuickFormProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const send = trpc.admin.notifications.send.useMutation();
  const utils = trpc.useUtils();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !message.trim()) {
      setError(requiredMessage);
      return;
    }
    setError(undefined);
    try {
      await send.mutateAsync({ title, message, type: 'info', isGlobal: true });
    } catch (failure) {
      toastFailure(failure, messages.admin.screens.sendFailed);
      return;
    }
    await utils.admin.notifications.all.invalidate();
    toastSuccess(messages.admin.screens.globalSent);
    setTitle('');
    setMessage('');
    onSent?.();
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field id={`${id}-title`} label="Title">
        <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} />
      </Field>
      <Field id={`${id}-message`} label="Message">
        <Textarea rows={3} value={message} onChange={(event) => setMessage(event.target.value)} maxLength={2000} />
      </Field>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={send.isPending}>
        <Send aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Send Notification'}
      </Button>
    </form>
  );
}
