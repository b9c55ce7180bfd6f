import { formatDateTime } from '@app/contracts';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton, trpc } from '@app/ui';
import type { ReactNode } from 'react';

function OnOff({ on, onVariant }: { on: boolean; onVariant: 'success' | 'warning' }) {
  return <Badge variant={on ? onVariant : 'secondary'}>{on ? 'ON' : 'OFF'}</Badge>;
}

/** The live maintenance state members are subject to, read from the public status call. */
export function SiteStatusCard() {
  const status = trpc.maintenance.status.useQuery();

  let rows: { term: string; value: ReactNode }[] = [];
  if (status.data) {
    rows = [
      { term: 'API server', value: <Badge variant="success">Online</Badge> },
      { term: 'Maintenance Mode', value: <OnOff on={status.data.maintenance} onVariant="warning" /> },
      { term: 'Website Status', value: <OnOff on={status.data.websiteStatus === 'on'} onVariant="success" /> },
      { term: 'Last Updated', value: status.data.lastUpdated ? formatDateTime(status.data.lastUpdated) : 'Never' },
    ];
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Site status</CardTitle>
        <CardDescription>Maintenance mode and website status, as members see them now.</CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending && (
          <div className="grid gap-3" role="status" aria-label="Loading site status">
            {['server', 'maintenance', 'website', 'updated'].map((row) => (
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
        {rows.length > 0 && (
          <dl className="divide-y">
            {rows.map(({ term, value }) => (
              <div key={term} className="flex items-center justify-between gap-4 py-2.5">
                <dt className="text-sm text-muted-foreground">{term}</dt>
                <dd className="text-sm font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
