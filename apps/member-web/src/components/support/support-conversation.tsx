import { isOfflineFailure, trpc } from '@app/client';
import {
  asConversationWindow,
  CHAT_WINDOW_SIZE,
  type ConversationWindow,
  conversationOf,
  messages,
  SUPPORT_MESSAGE_MAX_LENGTH,
  type SupportMessage,
  supportMessageInput,
} from '@app/contracts';
import { Button, ConversationScroller, cn, FormError, Textarea, toast, useZodForm } from '@app/ui';
import { LoaderCircle, SendHorizontal } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useEffect, useId } from 'react';
import { inLanguage, translate, useLanguage } from '../../lib/language';
import { formatMessageTime } from '../../lib/time';
import { LoadingMessages } from './loading-messages';

interface ConversationProps {
  /** The windows of the conversation read so far, the latest first. */
  windows: readonly (SupportMessage[] | ConversationWindow)[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Replies the member has not read yet. */
  unread: number;
  earlier: ComponentProps<typeof ConversationScroller>['earlier'];
}

export function Conversation({ windows, loading, failed, unread, earlier }: ConversationProps) {
  const utils = trpc.useUtils();
  const markRead = trpc.support.markRead.useMutation({ onSuccess: () => utils.support.messages.invalidate() });
  const { mutate: markAllRead, isPending: marking } = markRead;

  // Open means seen: replies are marked read on opening and as they arrive while open (docs/screens.md#states).
  useEffect(() => {
    if (unread > 0 && !marking) markAllRead();
  }, [unread, marking, markAllRead]);

  const [latestWindow, ...earlierWindows] = windows ?? [];
  const latest = latestWindow ? asConversationWindow(latestWindow).items : [];
  const before = conversationOf(earlierWindows);

  return (
    <>
      <ConversationScroller
        label={translate('support.conversation')}
        oldest={(before[0] ?? latest[0])?.id}
        newest={latest.at(-1)?.id}
        earlier={earlier}
        className="flex-1 p-4"
      >
        {loading && <LoadingMessages />}
        {failed && <p className="text-center text-sm text-muted-foreground">{inLanguage(messages.support.chatLoadFailed)}</p>}
        {windows && latest.length === 0 && (
          <p className="text-center text-sm text-muted-foreground">{inLanguage(messages.support.chatEmpty)}</p>
        )}
        {/* Apart from the latest, which announce what arrives: earlier messages shown on request are not news. */}
        {before.length > 0 && (
          <ol aria-label={translate('support.earlier')} className="mb-3 grid gap-3">
            {before.map((message) => (
              <ChatMessage key={message.id} message={message} />
            ))}
          </ol>
        )}
        {latest.length > 0 && (
          <ol aria-label={translate('support.messages')} aria-live="polite" className="grid gap-3">
            {latest.map((message) => (
              <ChatMessage key={message.id} message={message} />
            ))}
          </ol>
        )}
      </ConversationScroller>
      <MessageInput />
    </>
  );
}

function ChatMessage({ message }: { message: SupportMessage }) {
  const { language } = useLanguage();
  const mine = message.isUserMessage;
  return (
    <li className={cn('grid max-w-[85%] gap-1', mine ? 'justify-self-end justify-items-end' : 'justify-self-start')}>
      <p
        className={cn(
          'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{translate(mine ? 'support.you' : 'support.support')}</span>
        {/* What the member or the support team wrote, shown as written. */}
        <span data-admin-text>{message.message}</span>
      </p>
      <time dateTime={message.createdAt} className="px-1 text-xs text-muted-foreground">
        {formatMessageTime(language, message.createdAt)}
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
      // At the end of the latest window until the conversation is read again.
      utils.support.messages.setInfiniteData({ limit: CHAT_WINDOW_SIZE }, (data) => {
        if (!data) return data;
        const [latest, ...rest] = data.pages;
        const window = latest ? asConversationWindow(latest) : { items: [], hasEarlier: false, unreadReplies: 0 };
        return { ...data, pages: [{ ...window, items: [...window.items, sent] }, ...rest] };
      });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: isOfflineFailure(error) ? inLanguage(messages.offline.request) : inLanguage(messages.support.sendFailed),
      }),
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
          {translate('support.messageLabel')}
        </label>
        <Textarea
          id={inputId}
          rows={2}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          onKeyDown={onKeyDown}
          placeholder={translate('support.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          className="min-h-0 resize-none"
          {...form.register('message')}
        />
        <p id={`${inputId}-hint`} className="sr-only">
          {translate('support.enterHint')}
        </p>
        <Button
          type="submit"
          size="icon"
          disabled={send.isPending || form.watch('message').trim() === ''}
          aria-label={translate('support.send')}
        >
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
