import { staffMessages } from '@app/contracts';
import { Button } from '@app/ui';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteButtonProps {
  /** What is deleted, as the dialog names it: "notification", "popup". */
  kind: string;
  /** The item's title, as admins and members know it. */
  title: string;
  /** Deletes the item. */
  remove: () => Promise<unknown>;
  /** Reloads the list it was in, once it is gone. */
  reload: () => Promise<unknown>;
  deleted: string;
  failed: string;
}

/**
 * A row's delete button. Members stop seeing what is deleted, and nothing brings it back, so the
 * deletion is confirmed first; a refusal keeps the dialog open after saying why.
 */
export function DeleteButton({ kind, title, remove, reload, deleted, failed }: DeleteButtonProps) {
  const [confirming, setConfirming] = useState(false);

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
          description={staffMessages.admin.screens.deleteConfirm(title)}
          confirmLabel={`Delete ${kind}`}
          askReason={false}
          destructive
          onConfirm={confirm}
        />
      )}
    </>
  );
}
