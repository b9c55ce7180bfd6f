import { trpc } from '@app/client';
import { Badge, Skeleton } from '@app/ui';
import type { ReactNode } from 'react';
import { REFRESH, useLiveRefresh } from '../../lib/refresh';

/**
 * The server and the database as the live statistics call last found them (it reads the database): both
 * answered; the server answered that the database cannot be reached; or the server did not answer.
 */
export function useServiceBadges(): { server: ReactNode; database: ReactNode } {
  const stats = trpc.admin.stats.useQuery(undefined, useLiveRefresh(REFRESH.stats));
  if (stats.isPending) return { server: <Skeleton className="h-5 w-16" />, database: <Skeleton className="h-5 w-16" /> };
  if (!stats.isError) return { server: <Badge variant="success">Online</Badge>, database: <Badge variant="success">Connected</Badge> };
  const code = stats.error.data?.code;
  if (code === 'SERVICE_UNAVAILABLE') {
    return { server: <Badge variant="success">Online</Badge>, database: <Badge variant="destructive">Unreachable</Badge> };
  }
  const unknown = <Badge variant="secondary">Unknown</Badge>;
  return { server: <Badge variant="destructive">{code ? 'Error' : 'Unreachable'}</Badge>, database: unknown };
}
