import { TOAST } from '@app/contracts';
import { type ReactNode, useSyncExternalStore } from 'react';
import type { ToastVariant } from './toast';

/**
 * One toast store for the whole page, outside React, so any code (a mutation's onError, a route loader)
 * can raise a toast. At most TOAST.limit are shown; a dismissed toast stays mounted for its exit
 * animation and is dropped after TOAST.removeDelayMs.
 */
export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Overrides TOAST.durationMs for this toast. */
  duration?: number;
  /** A button beside the text (Reload, for a new version of the app); pressing it also closes the toast. */
  action?: { label: string; onPress: () => void };
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastEntry[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let lastId = 0;

function publish(next: ToastEntry[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((entry) => entry.id !== id));
    }, TOAST.removeDelayMs),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  const closing = toasts.filter((entry) => id === undefined || entry.id === id);
  for (const entry of closing) scheduleRemoval(entry.id);
  publish(toasts.map((entry) => (closing.includes(entry) ? { ...entry, open: false } : entry)));
}

/** Shows a toast and returns its id. */
export function toast(options: ToastOptions): string {
  lastId = (lastId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(lastId);
  publish([{ ...options, id, open: true }, ...toasts].slice(0, TOAST.limit));
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const readToasts = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, readToasts, readToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
