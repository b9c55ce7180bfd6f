import { trpc } from '@app/client';
import { type AdminLog, formatDateTime, staffMessages, titleCase } from '@app/contracts';
import { DateAndTime } from '@app/ui';
import { byId, type Column, ShortId } from '../shared/admin-table';
import { PagedTable, usePaging } from '../shared/paged-table';

/** An instant as the server writes it in details (an unlock's end, a plan's expiry): ISO 8601 in UTC. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** A detail value: an id shortened, an instant in Manila time like the Date column (the exact value on hover), other strings as they are, anything else as JSON. */
function DetailValue({ name, value }: { name: string; value: unknown }) {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (name.endsWith('Id')) return <ShortId id={value} />;
  if (ISO_INSTANT.test(value))
    return (
      <time dateTime={value} title={value}>
        {formatDateTime(value)}
      </time>
    );
  return value;
}

/** Words the details' names hold that are not written as plain words. */
const DETAIL_WORDS: Record<string, string> = { id: 'ID', vip: 'VIP', gcash: 'G-CASH', url: 'URL' };

/** A detail's name as words: `unlockedUntil` is 'Unlocked until', `requestId` 'Request ID'. */
function detailLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((word) => DETAIL_WORDS[word] ?? word);
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

/**
 * Details as key/value lines (docs/screens.md#admin-screens). A detail with no value (a blank reason) is
 * left out, as is the member's id when the Target column names them by e-mail; another record's id
 * (a request, a message) is shortened, the whole id on hover.
 */
function Details({ log }: { log: AdminLog }) {
  const entries = Object.entries(log.details).filter(
    ([key, value]) => value !== null && value !== undefined && value !== '' && !(key === 'userId' && log.targetEmail),
  );
  if (entries.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid gap-0.5 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="flex min-w-0 gap-1">
          <dt className="shrink-0 font-medium">{detailLabel(key)}:</dt>
          <dd className="min-w-0 break-words">
            <DetailValue name={key} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const COLUMNS: readonly Column<AdminLog>[] = [
  { header: 'Date', cell: (log) => <DateAndTime iso={log.createdAt} timeBelow="always" />, className: 'whitespace-nowrap' },
  { header: 'Admin', cell: (log) => log.adminEmail ?? log.adminId ?? 'Unknown' },
  { header: 'Action', cell: (log) => <span className="font-medium">{titleCase(log.action)}</span> },
  {
    header: 'Target',
    cell: (log) =>
      log.targetEmail ? (
        <span className="break-all" title={log.targetId ?? undefined}>
          {log.targetEmail}
        </span>
      ) : (
        <span className="font-mono text-xs break-all">{log.targetId ?? 'N/A'}</span>
      ),
  },
  // Wide enough for a "key: value" line where the table scrolls sideways anyway (a phone, a tablet): squeezed
  // to a word's width, a log's details made rows a screen tall. From 1024 px the table fits the screen.
  { header: 'Details', cell: (log) => <Details log={log} />, className: 'min-w-56 lg:min-w-0' },
  { header: 'IP Address', cell: (log) => <span className="font-mono text-xs">{log.ipAddress ?? 'Unknown'}</span> },
];

/** /admin/logs: every admin action, newest first. */
export function LogsTable() {
  const paging = usePaging();
  const logs = trpc.admin.logs.useQuery(paging.input);
  return (
    <PagedTable
      label="Admin activity logs"
      columns={COLUMNS}
      rowKey={byId}
      errorText={staffMessages.admin.screens.logsRefreshFailed}
      empty="No admin activity logs found"
      query={logs}
      paging={paging}
    />
  );
}
