import { errorMessage, refusalDetail } from '@app/client';
import { staffMessages } from '@app/contracts';
import { toast } from '@app/ui';
import { announce } from './announce';

const m = staffMessages.admin.screens;

/** A change went through (docs/api-conventions.md#messages-and-errors, success messages). */
export function toastSuccess(description: string) {
  toast({ title: m.successTitle, description });
}

/** A change was refused: the server's message where it gave one, else the screen's fallback text. */
export function toastFailure(error: unknown, fallback: string) {
  toast({ variant: 'destructive', title: m.errorTitle, description: errorMessage(error, fallback) });
}

/**
 * A refused decision: when someone had already decided it (a second press, another admin), that is news
 * rather than a failure; anything else is a failure with its message. Returns whether it was decided.
 */
export function toastRefusal(error: unknown, fallback: string): boolean {
  if (refusalDetail(error, 'decided') === null) {
    toastFailure(error, fallback);
    return false;
  }
  toast({ title: m.alreadyDecidedTitle, description: errorMessage(error, fallback) });
  return true;
}

interface Decision {
  /** The call that makes the decision. */
  call: () => Promise<unknown>;
  /** Reloads what the decision changes; runs after it went through, and after finding it already made. */
  reload: () => Promise<unknown>;
  success: string;
  failure: string;
  /** What the live region says once the decided row has left its queue (docs/screens.md#admin-console). */
  leaves?: string;
}

/**
 * Makes an admin decision from its confirmation dialog and says how it went. A decision someone had already
 * made is news: the lists reload and the dialog closes. Any other refusal rejects, keeping the dialog open.
 */
export async function runDecision({ call, reload, success, failure, leaves }: Decision): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!toastRefusal(error, failure)) throw error;
    await reload();
    if (leaves) announce(leaves);
    return;
  }
  await reload();
  toastSuccess(success);
  if (leaves) announce(`${success}. ${leaves}`);
}

interface RowSave<C> {
  /** The row edited, or undefined for a new one. */
  id: string | undefined;
  /** What a row is, in the dialog's title ("Create Task", "Edit Task") and its save button ("Save Task"). */
  noun: string;
  create: { mutateAsync: (input: C) => Promise<unknown>; isPending: boolean };
  update: { mutateAsync: (input: { id: string } & C) => Promise<unknown>; isPending: boolean };
  /** Reloads what the save changes. */
  reload: () => Promise<unknown>;
  success: string;
  failure: string;
  /** Closes the form; a refused save keeps it open with what was typed. */
  close: () => void;
}

/**
 * A create-or-edit form's save (tasks, popups; docs/architecture.md#forms): the create call for a new row,
 * the update call with its id for an existing one, and how it went said; and its FormDialog's title, save
 * button, busy state (either call's) and close.
 */
export function rowSave<C>({ id, noun, create, update, reload, success, failure, close }: RowSave<C>) {
  const save = async (input: C) => {
    try {
      await (id === undefined ? create.mutateAsync(input) : update.mutateAsync({ id, ...input }));
    } catch (error) {
      toastFailure(error, failure);
      return;
    }
    await reload();
    toastSuccess(success);
    close();
  };
  const dialog = {
    title: `${id === undefined ? 'Create' : 'Edit'} ${noun}`,
    saveLabel: `Save ${noun}`,
    saving: create.isPending || update.isPending,
    onClose: close,
  };
  return { save, dialog };
}
