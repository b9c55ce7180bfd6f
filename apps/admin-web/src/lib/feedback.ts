import { messages } from '@app/contracts';
import { errorMessage, toast } from '@app/ui';

const m = messages.admin.screens;

/** A change went through (spec/admin.md section 8, success messages). */
export function toastSuccess(description: string) {
  toast({ title: m.successTitle, description });
}

/** A change was refused: the server's message where it gave one, else the screen's fallback text. */
export function toastFailure(error: unknown, fallback: string) {
  toast({ variant: 'destructive', title: m.errorTitle, description: errorMessage(error, fallback) });
}
