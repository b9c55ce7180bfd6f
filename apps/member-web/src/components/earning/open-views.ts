import { useMemo, useSyncExternalStore } from 'react';

/**
 * Task views in progress in this tab. The proof of view lives on the server (tasks.start); this keeps
 * when the member's countdown ends, so a member who leaves the task browser early finds the task's card
 * still counting down and then offering Collect Earnings (docs/screens.md#states, task card states).
 * Session storage: it survives a reload of the tab and ends with it, like the view it describes.
 */
const STORAGE_KEY = 'openTaskViews';

export interface OpenView {
  userId: string;
  taskId: string;
  /** When the countdown ends, in epoch ms. */
  endsAt: number;
}

/**
 * Checked by hand rather than with a zod schema: the dashboard's task cards read these views, and zod
 * would be most of the dashboard's JavaScript.
 */
function isOpenView(value: unknown): value is OpenView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Record<string, unknown>;
  return typeof view.userId === 'string' && typeof view.taskId === 'string' && typeof view.endsAt === 'number';
}

const listeners = new Set<() => void>();

/** The stored text; null also when storage is unavailable (blocked by the browser), which means no views. */
function readRaw(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): OpenView[] {
  if (!raw) return [];
  try {
    const stored: unknown = JSON.parse(raw);
    // Anything else in the key (another format, an edit by hand) means no views, as a failed parse does.
    return Array.isArray(stored) && stored.every(isOpenView) ? stored : [];
  } catch {
    return [];
  }
}

function write(views: OpenView[]): void {
  try {
    if (views.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(views));
  } catch {
    // Without storage the card simply does not remember the view; the server still has it.
  }
  for (const listener of listeners) listener();
}

const isOther = (userId: string, taskId: string) => (view: OpenView) => view.userId !== userId || view.taskId !== taskId;

export function rememberView(view: OpenView): void {
  write([...parse(readRaw()).filter(isOther(view.userId, view.taskId)), view]);
}

export function forgetView(userId: string, taskId: string): void {
  write(parse(readRaw()).filter(isOther(userId, taskId)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The member's view of the task in progress, if any. */
export function useOpenView(userId: string, taskId: string): OpenView | undefined {
  const raw = useSyncExternalStore(subscribe, readRaw);
  return useMemo(() => parse(raw).find((view) => view.userId === userId && view.taskId === taskId), [raw, userId, taskId]);
}
