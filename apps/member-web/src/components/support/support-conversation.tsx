import { trpc } from '@app/client';
import { messages, SUPPORT_MESSAGE_MAX_LENGTH, type SupportMessage, supportMessageInput } from '@app/contracts';
import { Button, cn, FormError, Textarea, toast, useZodForm } from '@app/ui';
import { LoaderCircle, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { formatMessageTime } from '../../lib/time';
import { LoadingMessages } from './loading-messages';

interface ConversationProps {
  conversation: SupportMessage[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Replies the member has not read yet. */
  unread: number;
}

export function Conversation({ conversation, loading, failed, unread }: ConversationProps) {
  const utils = trpc.useUtils();
  const scroller = useRef<HTMLDivElement>(null);
  const markRead = trpc.support.markRead.useMutation({ onSuccess: () => utils.support.messages.invalidate() });
  const { mutate: markAllRead, isPending: marking } = markRead;

  // Open means seen: replies are marked read on opening and as they arrive while open (docs/screens.md#states).
  useEffect(() => {
    if (unread > 0 && !marking) markAllRead();
  }, [unread, marking, markAllRead]);

  const count = conversation?.length ?? 0;
  useEffect(() => {
    if (count > 0) scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [count]);

  return (
    <>
      <div ref={scroller} className="flex-1 overflow-y-auto p-4">
        {loading && <LoadingMessages />}
        {failed && <p className="text-center text-sm text-muted-foreground">{messages.support.chatLoadFailed}</p>}
        {conversation?.length === 0 && <p className="text-center text-sm text-muted-foreground">{messages.support.chatEmpty}</p>}
        {conversation && conversation.length > 0 && (
          <ol aria-label="Messages" aria-live="polite" className="grid gap-3">
            {conversation.map((message) => (
              <ChatMessage key={message.id} message={message} />
            ))}
          </ol>
        )}
      </div>
      <MessageInput />
    </>
  );
}

function ChatMessage({ message }: { message: SupportMessage }) {
  const mine = message.isUserMessage;
  return (
    <li className={cn('grid max-w-[85%] gap-1', mine ? 'justify-self-end justify-items-end' : 'justify-self-start')}>
      <p
        className={cn(
          'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Support: '}</span>
        {message.message}
      </p>
      <time dateTime={message.createdAt} className="px-1 text-xs text-muted-foreground">
        {formatMessageTime(message.createdAt)}
      </time>
    </li>
  );
}

function MessageInput() {
  const utils = trpc.useUtils();
  const form = useZodForm(supportMessageInput, { defaultValues: { message: '' } });
  const error = form.formState.errors.message?.message;
  const inputId = useId();
  const send = trpc.support.send.useMutation({
    onSuccess: (sent) => {
      form.reset();
      utils.support.messages.setData(undefined, (messages) => [...(messages ?? []), sent]);
    },
    onError: () => toast({ variant: 'destructive', title: messages.support.sendFailed }),
  });

  const submit = form.handleSubmit((message) => {
    if (!send.isPending) send.mutate(message);
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line; Enter that confirms an IME composition does neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form noValidate className="grid gap-2 border-t p-3" onSubmit={submit}>
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message to support
        </label>
        <Textarea
          id={inputId}
          rows={2}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          onKeyDown={onKeyDown}
          placeholder="Type a message..."
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          className="min-h-0 resize-none"
          {...form.register('message')}
        />
        <p id={`${inputId}-hint`} className="sr-only">
          Enter sends, Shift+Enter adds a new line.
        </p>
        <Button type="submit" size="icon" disabled={send.isPending || form.watch('message').trim() === ''} aria-label="Send message">
          {send.isPending ? (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <SendHorizontal aria-hidden="true" />
          )}
        </Button>
      </div>
      <FormError id={`${inputId}-error`} message={error} />
    </form>
  );
}
