import { Button, Dialog, DialogContent, DialogHeading } from '@app/ui';
import { Keyboard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { rowsOf } from '../../lib/row-focus';

/** The console's keys (docs/screens.md#admin-console), as `?` lists them. */
const SHORTCUTS = [
  { keys: '/', does: 'Search this page’s list' },
  { keys: 'j', does: 'Next row' },
  { keys: 'k', does: 'Previous row' },
  { keys: 'Enter', does: 'Open the row: its first action' },
  { keys: '?', does: 'Show these shortcuts' },
] as const;

/** Keys typed into a field, or with a modifier, or while a dialog is open, are the field's or the dialog's. */
function ignored(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"], [role="menu"]')) return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** The list the keys move in: the one holding the focus, else the page's first. */
function currentRows(): { rows: HTMLElement[]; index: number } {
  const focused = document.activeElement?.closest('tr[data-row]') as HTMLElement | null | undefined;
  const table = focused?.closest('table') ?? document.querySelector('main table');
  const rows = rowsOf(table);
  return { rows, index: focused ? rows.indexOf(focused) : -1 };
}

function moveRow(step: 1 | -1) {
  const { rows, index } = currentRows();
  if (rows.length === 0) return;
  const next = index === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, index + step));
  rows[next]?.focus();
}

/** The first action of the focused row: the button or link that opens or decides it. */
function openRow(): boolean {
  const row = document.activeElement;
  if (!(row instanceof HTMLElement) || !row.matches('tr[data-row]')) return false;
  const action = row.querySelector<HTMLElement>('button:not([disabled]), a[href]');
  action?.click();
  return action !== null;
}

/**
 * The console's keyboard: `/` searches, `j` and `k` walk the rows, Enter opens one, `?` lists the keys.
 * Returns the list's dialog, opened by `?` or the header's button.
 */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (ignored(event)) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLElement>('main input[type="search"]');
        if (!search) return;
        event.preventDefault();
        search.focus();
      } else if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        moveRow(event.key === 'j' ? 1 : -1);
      } else if (event.key === 'Enter') {
        if (openRow()) event.preventDefault();
      } else if (event.key === '?') {
        event.preventDefault();
        setOpen(true);
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-keyshortcuts="?">
        <Keyboard aria-hidden="true" />
        <span className="sr-only xl:not-sr-only">Shortcuts</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeading title="Keyboard shortcuts" description="On every admin page, outside a text field." />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {SHORTCUTS.map(({ keys, does }) => (
              <div key={keys} className="contents">
                <dt>
                  <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
                </dt>
                <dd>{does}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </>
  );
}
