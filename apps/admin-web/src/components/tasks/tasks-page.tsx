import { trpc } from '@app/client';
import { type AdminTask, staffMessages } from '@app/contracts';
import { Badge, Button, formatPesosAmount, PageHeader } from '@app/ui';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { tierLabel } from '../../lib/labels';
import { byId, type Column } from '../shared/admin-table';
import { PagedTable, usePaging } from '../shared/paged-table';
import { TaskForm } from './task-form';

const m = staffMessages.admin.screens;

function TaskSwitch({ task }: { task: AdminTask }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.tasks.update.useMutation({
    onSuccess: async () => {
      await utils.admin.tasks.list.invalidate();
      toastSuccess(m.taskSaved);
    },
    onError: (error) => toastFailure(error, m.taskSaveFailed),
  });
  return (
    <Button
      variant={task.isActive ? 'outline' : 'default'}
      size="sm"
      onClick={() => update.mutate({ id: task.id, isActive: !task.isActive })}
      disabled={update.isPending}
      aria-label={`${task.isActive ? 'Disable' : 'Enable'} ${task.title}`}
    >
      {task.isActive ? 'Disable' : 'Enable'}
    </Button>
  );
}

/**
 * /admin/tasks: every task, on or off, newest first, a page at a time, with create, edit, enable and
 * disable (docs/product-rules.md#decided-rules).
 */
export function TasksPage() {
  const paging = usePaging();
  const tasks = trpc.admin.tasks.list.useQuery(paging.input, { placeholderData: (previous) => previous });
  const [editing, setEditing] = useState<AdminTask | 'new'>();

  const columns: readonly Column<AdminTask>[] = [
    {
      header: 'Task',
      cell: (task) => (
        <span className="grid gap-0.5">
          <span className="font-medium">{task.title}</span>
          <a
            href={task.url}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-xs text-primary underline-offset-4 hover:underline"
          >
            {task.url}
          </a>
        </span>
      ),
    },
    { header: 'Reward', cell: (task) => formatPesosAmount(task.reward), className: 'tabular-nums whitespace-nowrap' },
    { header: 'Required Tier', cell: (task) => (task.requiredVipTier ? tierLabel(task.requiredVipTier) : 'Every member') },
    {
      header: 'Status',
      cell: (task) => <Badge variant={task.isActive ? 'success' : 'secondary'}>{task.isActive ? 'Active' : 'Inactive'}</Badge>,
    },
    {
      header: 'Actions',
      pinned: true,
      cell: (task) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(task)} aria-label={`Edit ${task.title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <TaskSwitch task={task} />
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Task Management"
        description="The websites members view to earn."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Create Task
          </Button>
        }
      />
      <PagedTable label="Tasks" columns={columns} rowKey={byId} empty="No tasks yet" query={tasks} paging={paging} />
      {editing && <TaskForm task={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
