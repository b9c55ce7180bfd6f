import { trpc } from '@app/client';
import {
  ADMIN_PAGE_SIZE,
  CHAT_WINDOW_SIZE,
  conversationOf,
  earlierCursor,
  formatDateTime,
  type SupportConversation,
  staffMessages,
  supportMessageInput,
} from '@app/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConversationScroller,
  cn,
  EmptyState,
  FormError,
  Pager,
  Skeleton,
  Textarea,
  useZodForm,
} from '@app/ui';
import { MessageSquare, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { useLiveRefresh } from '../../lib/refresh';
import { TableSearch } from '../shared/admin-table';
import { queuePage, useQueueInput } from '../shared/paged-table';

const m = staffMessages.admin.screens;

/** New member messages arrive without a push channel; the inbox looks again this often. */
const INBOX_REFRESH = { refetchInterval: 30_000, staleTime: 15_000 } as const;

function ConversationList({
  conversations,
  selected,
  onSelect,
}: {
  conversations: readonly SupportConversation[];
  selected: string | undefined;
  onSelect: (userId: string) => void;
}) {
  return (
    <ul aria-label="Conversations" className="grid grid-cols-[minmax(0,1fr)] gap-1">
      {conversations.map((conversation) => (
        <li key={conversation.userId}>
          <button
            type="button"
            aria-current={conversation.userId === selected || undefined}
            onClick={() => onSelect(conversation.userId)}
            className={cn(
              'grid w-full grid-cols-[minmax(0,1fr)] gap-1 rounded-md p-3 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
              conversation.userId === selected && 'bg-accent',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate text-sm font-medium">{conversation.email}</span>
              {conversation.unread > 0 && <Badge aria-label={`${conversation.unread} unread`}>{conversation.unread}</Badge>}
            </span>
            <span className="truncate text-xs text-muted-foreground">{conversation.lastMessage}</span>
            <span className="text-xs text-muted-foreground">{formatDateTime(conversation.lastAt)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Thread({ userId, email }: { userId: string; email: string }) {
  const id = useId();
  const utils = trpc.useUtils();
  // Opening the thread marks the member's messages read, so the inbox's unread counts change too. The
  // latest messages, and earlier ones a window at a time as the admin asks (docs/api-conventions.md#paging).
  const thread = trpc.admin.support.thread.useInfiniteQuery(
    { userId, limit: CHAT_WINDOW_SIZE },
    { ...useLiveRefresh(INBOX_REFRESH), getNextPageParam: earlierCursor },
  );
  const conversation = thread.data ? conversationOf(thread.data.pages) : undefined;
  const form = useZodForm(supportMessageInput, { defaultValues: { message: '' } });
  const error = form.formState.errors.message?.message;
  const reply = trpc.admin.support.reply.useMutation();

  const submit = form.handleSubmit(async ({ message }) => {
    try {
      await reply.mutateAsync({ userId, message });
    } catch (failure) {
      toastFailure(failure, m.replyFailed);
      return;
    }
    form.reset();
    await Promise.all([utils.admin.support.thread.invalidate({ userId }), utils.admin.support.conversations.invalidate()]);
    toastSuccess(m.replySent);
  });

  return (
    <Card className="flex min-h-96 flex-col">
      <CardHeader>
        <CardTitle className="truncate text-base">{email}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <ConversationScroller
          label={`Conversation with ${email}`}
          oldest={conversation?.[0]?.id}
          newest={conversation?.at(-1)?.id}
          earlier={{
            available: thread.hasNextPage,
            loading: thread.isFetchingNextPage,
            failed: thread.isFetchNextPageError,
            load: thread.fetchNextPage,
          }}
          className="max-h-[28rem] flex-1"
        >
          {thread.isPending && <Skeleton className="h-12 w-2/3" />}
          {thread.isError && !thread.isFetchNextPageError && (
            <p role="alert" className="text-sm text-destructive">
              {m.listLoadFailed}
            </p>
          )}
          <ol aria-label={`Messages with ${email}`} className="grid content-start gap-2">
            {conversation?.map((message) => (
              <li
                key={message.id}
                className={cn(
                  'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                  message.isUserMessage ? 'justify-self-start bg-muted' : 'justify-self-end bg-primary text-primary-foreground',
                )}
              >
                <span className="sr-only">{message.isUserMessage ? 'Member: ' : 'Support: '}</span>
                <p className="whitespace-pre-wrap break-words">{message.message}</p>
                <p className="mt-1 text-xs opacity-75">{formatDateTime(message.createdAt)}</p>
              </li>
            ))}
          </ol>
        </ConversationScroller>
        <form noValidate onSubmit={submit} className="grid gap-2">
          <label htmlFor={`${id}-reply`} className="sr-only">
            Reply to {email}
          </label>
          <Textarea
            id={`${id}-reply`}
            rows={3}
            placeholder="Write a reply"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('message')}
          />
          <FormError id={`${id}-error`} message={error} />
          <Button type="submit" className="justify-self-end" disabled={reply.isPending}>
            <Send aria-hidden="true" />
            {reply.isPending ? 'Sending...' : 'Send Reply'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * /admin/support: members' conversations with unread counts, a page at a time and searchable by member,
 * a thread and a reply (docs/product-rules.md#decided-rules). The open thread stays open while the admin
 * pages or searches the list.
 */
export function SupportInbox() {
  const queue = useQueueInput();
  const conversations = trpc.admin.support.conversations.useQuery(queue.input, useLiveRefresh(INBOX_REFRESH));
  const [selected, setSelected] = useState<SupportConversation>();
  const { items, total } = queuePage(conversations.data);

  if (conversations.isPending) return <Skeleton className="h-64 w-full" />;
  if (conversations.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {m.listLoadFailed}
      </p>
    );
  }
  if (total === 0 && !queue.searching) {
    return <EmptyState icon={MessageSquare} title="No conversations yet" description="Members' messages to support appear here." />;
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-3">
        <TableSearch label="Search conversations" placeholder="Member e-mail or name" onSearch={queue.onSearch} />
        <Card className="p-2">
          {items?.length ? (
            <ConversationList
              conversations={items}
              selected={selected?.userId}
              onSelect={(userId) => setSelected(items.find((conversation) => conversation.userId === userId))}
            />
          ) : (
            <p className="p-6 text-center text-sm text-muted-foreground">{m.conversationsNoMatch}</p>
          )}
          <Pager page={queue.paging.page} pageSize={ADMIN_PAGE_SIZE} total={total} onPage={queue.paging.onPage} />
        </Card>
      </div>
      {selected ? (
        <Thread key={selected.userId} userId={selected.userId} email={selected.email} />
      ) : (
        <EmptyState icon={MessageSquare} title="Choose a conversation" description="Its messages and a reply box open here." />
      )}
    </div>
  );
}
