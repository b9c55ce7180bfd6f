import { trpc } from '@app/client';
import { type CompleteTaskOutput, messages, type TaskCompletionError } from '@app/contracts';
import { inLanguage } from '../../lib/language';
import { forgetView } from './open-views';

/** The text for a completion the server refused (docs/api-conventions.md#messages-and-errors), else the generic failure. */
export function completionErrorText(error: TaskCompletionError | undefined): string {
  if (!error) return inLanguage(messages.tasks.collectFailed);
  return messages.tasks.pageErrors[error] ?? messages.tasks.collectErrors[error] ?? inLanguage(messages.tasks.collectFailed);
}

interface CompletionHandlers {
  onSuccess: (result: CompleteTaskOutput) => void;
  onError: (error: unknown) => void;
}

/**
 * tasks.complete, for the task browser and the Collect Earnings button. A credited task changes the
 * balance, the history and today's count, so those are reloaded. The view is forgotten once the server
 * has settled it, except a view it found too short: that one is still open and can be collected later.
 * The caller's handlers are the hook's own, not mutate()'s, so they still run when forgetting the view
 * unmounts the button that asked.
 */
export function useCompleteTask(userId: string | undefined, handlers: CompletionHandlers) {
  const utils = trpc.useUtils();
  return trpc.tasks.complete.useMutation({
    onSuccess: (result, { id }) => {
      if (result.success) {
        void utils.auth.user.invalidate();
        void utils.transactions.list.invalidate();
        void utils.vip.status.invalidate();
      }
      if (userId && result.error !== 'view-too-short') forgetView(userId, id);
      handlers.onSuccess(result);
    },
    onError: handlers.onError,
  });
}
