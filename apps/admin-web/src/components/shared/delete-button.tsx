import { staffMessages } from '@app/contracts';
import { Button } from '@app/ui';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { ConfirmDialog } from './confirm-dialog';

const m = staffMessages.admin.screens;

/** What the toasts say once a deletion of each kind has gone through or failed. */
const OUTCOME_TEXTS = {
  notification: { deleted: m.notificationDeleted, failed: m.notificationDeleteFailed },
  popup: { deleted: m.popupDeleted, failed: m.popupDeleteFailed },
};

interface DeleteButtonProps {
  /** What is deleted, as the dialog names it. */
  kind: keyof typeof OUTCOME_TEXTS;
  /** The item's title, as admins and members know it. */
  title: string;
  /** Deletes the item. */
  remove: () => Promise<unknown>;
  /** Reloads the list it was in, once it is gone. */
  reload: () => Promise<unknown>;
}

/**
 * A row's delete button. Members stop seeing what is deleted, and nothing brings it back, so the
 * deletion is confirmed first; a refusal keeps the dialog open after saying why.
 */
export function DeleteButton({ kind, title, remove, reload }: DeleteButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const { deleted, failed } = OUTCOME_TEXTS[kind];

  async function confirm() {
    try {
      await remove();
    } catch (error) {
      toastFailure(error, failed);
      throw error;
    }
    await reload();
    toastSuccess(deleted);
  }

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${title}`}>
        <Trash2 aria-hidden="true" />
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={`Delete ${kind}?`}
          description={m.deleteConfirm(title)}
          confirmLabel={`Delete ${kind}`}
          askReason={false}
          destructive
          onConfirm={confirm}
        />
      )}
    </>
  );
}
