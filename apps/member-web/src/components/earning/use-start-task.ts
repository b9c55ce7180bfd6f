import { refusalDetail, trpc } from '@app/client';
import { messages } from '@app/contracts';
import { toast } from '@app/ui';
import { inLanguage } from '../../lib/language';
import { forgetView, rememberView } from './open-views';

interface StartHandlers {
  /** The view is recorded: its countdown ends at `endsAt` (epoch ms), `seconds` after now. */
  onStarted?: (countdown: { endsAt: number; seconds: number }) => void;
  onError: (error: unknown) => void;
}

/**
 * tasks.start, for the task list's one-tap start and the task browser: the server records the view (the
 * proof of view, docs/product-rules.md#decided-rules) and the tab remembers when its countdown ends, so the
 * task's card counts down wherever the member is. A start that credited the member's finished view of another
 * task says so and reloads what that changed, also when the start itself was then refused.
 */
export function useStartTask(userId: string | undefined, handlers: StartHandlers) {
  const utils = trpc.useUtils();
  return trpc.tasks.start.useMutation({
    onSuccess: ({ durationSeconds, collected }, { id }) => {
      const endsAt = Date.now() + durationSeconds * 1000;
      if (userId) rememberView({ userId, taskId: id, endsAt });
      if (collected) {
        // The finished view of another task was credited first: its card has nothing left to collect.
        if (userId) forgetView(userId, collected.taskId);
        toast({
          title: inLanguage(messages.tasks.collectedTitle),
          description: inLanguage(messages.tasks.earlierViewCollected(collected.reward)),
        });
        void utils.auth.user.invalidate();
        void utils.transactions.list.invalidate();
        void utils.vip.status.invalidate();
      }
      handlers.onStarted?.({ endsAt, seconds: durationSeconds });
    },
    onError: (error) => {
      // Refused at the day's limit after crediting the finished view it names (docs/api-conventions.md#errors):
      // that view's card has nothing left to collect, and the refusal's text says what was added.
      const collectedTaskId = refusalDetail(error, 'collectedTaskId');
      if (collectedTaskId && userId) {
        forgetView(userId, collectedTaskId);
        void utils.auth.user.invalidate();
        void utils.transactions.list.invalidate();
        void utils.vip.status.invalidate();
      }
      handlers.onError(error);
    },
  });
}
