import { isUnauthorizedError, trpc, useCurrentUser } from '@app/client';
import { formatAmount, messages, parsePesos } from '@app/contracts';
import { Button, EmptyState, PageHeader, type ToastOptions, toast, useSignInHref } from '@app/ui';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { isKnownSignedOut } from '../../components/earning/member-data';
import { searchText } from '../../components/earning/search';
import { TaskGrid } from '../../components/earning/task-grid';
import { inLanguage, translate } from '../../lib/language';

/** What the task browser sends back: ?success=true&reward=1.50 or ?error=true|<completion error>. */
interface TaskResult {
  success?: string;
  reward?: string;
  error?: string;
}

const taskResult = (search: Record<string, unknown>): TaskResult => ({
  success: searchText(search.success),
  reward: searchText(search.reward),
  error: searchText(search.error),
});

/** The toast for a task browser result (docs/api-conventions.md#messages-and-errors); none for a success without a readable reward. */
function resultToast({ success, reward, error }: TaskResult): ToastOptions | null {
  if (error) {
    // Own keys only: the value comes from the address, and "toString" must not find Object's method.
    const { pageErrors, pageErrorFallback } = messages.tasks;
    return {
      variant: 'destructive',
      title: inLanguage(messages.tasks.errorTitle),
      description: Object.hasOwn(pageErrors, error) ? pageErrors[error] : pageErrorFallback,
    };
  }
  const centavos = success === 'true' && reward ? parsePesos(reward) : null;
  if (centavos === null) return null;
  return {
    title: inLanguage(messages.tasks.completedTitle),
    description: inLanguage(messages.tasks.completedBody(formatAmount(centavos))),
  };
}

export const Route = createFileRoute('/_member/tasks')({
  validateSearch: taskResult,
  // The result is announced once and taken out of the address, so a reload or a shared link does not repeat it.
  beforeLoad: ({ search }) => {
    if (search.success === undefined && search.reward === undefined && search.error === undefined) return;
    const notice = resultToast(search);
    if (notice) toast(notice);
    throw redirect({ to: '/tasks', search: {}, replace: true });
  },
  loader: ({ context }) => {
    if (isKnownSignedOut(context)) return;
    void context.trpc.tasks.list.prefetch();
    void context.trpc.vip.status.prefetch();
  },
  component: TasksPage,
});

function TasksPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader title={translate('tasks.title')} description={translate('tasks.description')} />
      {user ? <MemberTasks userId={user.id} /> : <SignInPrompt />}
    </>
  );
}

function MemberTasks({ userId }: { userId: string }) {
  const tasks = trpc.tasks.list.useQuery();
  const status = trpc.vip.status.useQuery();
  // A session that ended since the page loaded: the server no longer knows the member.
  if (isUnauthorizedError(tasks.error)) return <SignInPrompt />;
  const today = status.data;
  return (
    <>
      {today && (
        <p className="text-sm font-medium text-muted-foreground" role="status">
          {inLanguage(messages.tasks.todayProgress(String(today.tasksCompletedToday), String(today.dailyTaskLimit)))}
        </p>
      )}
      <TaskGrid tasks={tasks} today={today} userId={userId} headingLevel="h2" />
    </>
  );
}

/** Signed-out visitors see the page inside the layout (docs/screens.md#member-screens), with the way in instead of the list. */
function SignInPrompt() {
  const signIn = useSignInHref();
  return (
    <EmptyState
      icon={LogIn}
      title={inLanguage(messages.tasks.signInTitle)}
      description={inLanguage(messages.tasks.signInBody)}
      action={
        <Button asChild>
          <a href={signIn}>{translate('tasks.signIn')}</a>
        </Button>
      }
    />
  );
}
