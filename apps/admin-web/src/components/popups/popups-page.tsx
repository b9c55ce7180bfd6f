import { trpc } from '@app/client';
import { type AdminPopup, formatDateTime } from '@app/contracts';
import { Badge, Button, PageHeader } from '@app/ui';
import { Eye, Pencil, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { byId, type Column } from '../shared/admin-table';
import { DeleteButton } from '../shared/delete-button';
import { PagedTable, usePaging } from '../shared/paged-table';
import { PopupForm } from './popup-form';
import { PopupPreview } from './popup-preview';

type Open = { kind: 'create' } | { kind: 'edit'; popup: AdminPopup } | { kind: 'preview'; popup: AdminPopup };

function PopupActions({ popup, onOpen }: { popup: AdminPopup; onOpen: (open: Open) => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.admin.popups.remove.useMutation();
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="sm" onClick={() => onOpen({ kind: 'preview', popup })} aria-label={`Preview ${popup.title}`}>
        <Eye aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onOpen({ kind: 'edit', popup })} aria-label={`Edit ${popup.title}`}>
        <Pencil aria-hidden="true" />
      </Button>
      <DeleteButton
        kind="popup"
        title={popup.title}
        remove={() => remove.mutateAsync({ id: popup.id })}
        reload={() => utils.admin.popups.list.invalidate()}
      />
    </div>
  );
}

/** /admin/popups: the timed popups, newest first, a page at a time, with create, edit, preview and delete. */
export function PopupsPage() {
  const [open, setOpen] = useState<Open>();
  const paging = usePaging();
  const popups = trpc.admin.popups.list.useQuery(paging.input, { placeholderData: (previous) => previous });
  // Stable, so the preview's countdown is not restarted when the list reloads.
  const close = useCallback(() => setOpen(undefined), []);

  const columns: readonly Column<AdminPopup>[] = [
    { header: 'Title', cell: (popup) => <span className="font-medium">{popup.title}</span> },
    { header: 'Duration', cell: (popup) => `${popup.duration}s`, className: 'tabular-nums' },
    {
      header: 'Active',
      cell: (popup) => <Badge variant={popup.isActive ? 'success' : 'secondary'}>{popup.isActive ? 'Active' : 'Inactive'}</Badge>,
    },
    { header: 'Starts', cell: (popup) => formatDateTime(popup.startDate), className: 'whitespace-nowrap' },
    { header: 'Ends', cell: (popup) => (popup.endDate ? formatDateTime(popup.endDate) : 'No end'), className: 'whitespace-nowrap' },
    { header: 'Actions', pinned: true, cell: (popup) => <PopupActions popup={popup} onOpen={setOpen} /> },
  ];

  return (
    <>
      <PageHeader
        title="Browser Popups"
        description="Timed popups members see once per session."
        actions={
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            Create Popup
          </Button>
        }
      />
      <PagedTable label="Popup messages" columns={columns} rowKey={byId} empty="No popup messages found" query={popups} paging={paging} />
      {open?.kind === 'create' && <PopupForm onClose={close} />}
      {open?.kind === 'edit' && <PopupForm popup={open.popup} onClose={close} />}
      {open?.kind === 'preview' && <PopupPreview popup={open.popup} onClose={close} />}
    </>
  );
}
