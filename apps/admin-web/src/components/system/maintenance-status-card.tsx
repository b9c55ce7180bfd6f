import { trpc } from '@app/client';
import { formatDateTime, isSiteClosed, type WebsiteStatus } from '@app/contracts';
import { Badge, type Description, DescriptionList, SectionCard, Skeleton } from '@app/ui';
import { SYSTEM_ROWS_LAYOUT } from './system-rows';

function OnOff({ on, onVariant }: { on: boolean; onVariant: 'success' | 'warning' }) {
  return <Badge variant={on ? onVariant : 'secondary'}>{on ? 'ON' : 'OFF'}</Badge>;
}

/**
 * Whether members can use the site, decided as the member app decides it (isSiteClosed): maintenance on
 * or the website off both close it, so neither switch alone tells an admin what members see.
 */
export function MemberSiteBadge({ status }: { status: { maintenance: boolean; websiteStatus: WebsiteStatus } }) {
  if (!isSiteClosed(status)) return <Badge variant="success">Open</Badge>;
  return <Badge variant="warning">{status.maintenance ? 'Closed: maintenance' : 'Closed: website off'}</Badge>;
}

/** The live maintenance state members are subject to, read from the public status call. */
export function MaintenanceStatusCard() {
  const status = trpc.maintenance.status.useQuery();

  let rows: Description[] = [];
  if (status.data) {
    rows = [
      { term: 'Site for members', value: <MemberSiteBadge status={status.data} /> },
      { term: 'API server', value: <Badge variant="success">Online</Badge> },
      { term: 'Maintenance Mode', value: <OnOff on={status.data.maintenance} onVariant="warning" /> },
      { term: 'Website Status', value: <OnOff on={status.data.websiteStatus === 'on'} onVariant="success" /> },
      { term: 'Last Updated', value: status.data.lastUpdated ? formatDateTime(status.data.lastUpdated) : 'Never' },
    ];
  }

  return (
    <SectionCard title="Site status" description="Maintenance mode and website status, as members see them now.">
      {status.isPending && (
        <div className="grid gap-3" role="status" aria-label="Loading site status">
          {['members', 'server', 'maintenance', 'website', 'updated'].map((row) => (
            <Skeleton key={row} className="h-6 w-full" />
          ))}
        </div>
      )}
      {status.error && (
        <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
          <Badge variant="destructive">Unreachable</Badge>
          The site status could not be read.
        </p>
      )}
      {rows.length > 0 && <DescriptionList items={rows} layout={SYSTEM_ROWS_LAYOUT} />}
    </SectionCard>
  );
}
