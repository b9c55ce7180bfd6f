import { trpc } from '@app/client';
import { approxDuration, messages, type Payout, type PayoutQueue, payoutMethodName } from '@app/contracts';
import { Badge, type BadgeProps, formatPesosAmount } from '@app/ui';
import { statusName, useLanguage } from '../../lib/language';
import { listQuery, useMemberPage } from '../../lib/member-list';
import { mutedCell } from '../../lib/stacked-table';
import { HistoryCard } from '../history-card';

/** The columns in order; on a phone: amount, method and date on the first line, the details, then the status and its steps. */
const COLUMNS = {
  Date: mutedCell('whitespace-nowrap sm:align-top max-sm:col-start-3 max-sm:row-start-1 max-sm:justify-self-end'),
  Method: mutedCell('whitespace-nowrap sm:align-top max-sm:col-start-2 max-sm:row-start-1'),
  Amount: 'whitespace-nowrap font-semibold tabular-nums sm:align-top max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0',
  Details: 'break-words whitespace-pre-line sm:max-w-64 sm:min-w-40 sm:align-top max-sm:col-span-3 max-sm:row-start-2 max-sm:p-0',
  Status: 'sm:min-w-44 sm:align-top max-sm:col-span-3 max-sm:row-start-3 max-sm:p-0',
};

const STATUS_BADGE: Record<Payout['status'], BadgeProps['variant']> = {
  pending: 'warning',
  approved: 'success',
  declined: 'destructive',
};

/** The member's payout requests, newest first, each with how far it has come. */
export function PayoutHistory() {
  const { t, m, formatDate } = useLanguage();
  const { page, setPage, input, options } = useMemberPage();
  const payouts = listQuery(trpc.payouts.list.useQuery(input, options));
  const hasPending = payouts.rows?.some((payout) => payout.status === 'pending') ?? false;
  const queue = trpc.payouts.queue.useQuery(undefined, { enabled: hasPending });
  const places = new Map(queue.data?.map((place) => [place.payoutId, place]));
  return (
    <HistoryCard
      title={t('payouts.history')}
      titleId="payout-history-title"
      query={payouts}
      page={page}
      onPage={setPage}
      columns={COLUMNS}
      loadingLabel={t('payouts.loading')}
      emptyLabel={t('payouts.historyLabel')}
      emptyMessage={m(messages.payouts.historyEmpty)}
      loadFailedMessage={m(messages.payouts.historyLoadFailed)}
      rowKey={(payout) => payout.id}
      cells={(payout) => ({
        Date: formatDate(payout.createdAt),
        Method: payoutMethodName(payout.paymentMethod),
        Amount: formatPesosAmount(payout.amount),
        Details: payout.paymentDetails,
        Status: (
          <>
            <Badge variant={STATUS_BADGE[payout.status]}>{statusName(payout.status)}</Badge>
            {payout.status === 'pending' && <QueuePlace place={places.get(payout.id)} />}
            <PayoutTimeline timeline={payout.timeline} transferReference={payout.transferReference} />
          </>
        ),
      })}
    />
  );
}

/** Where a pending payout stands: 'Position 3 of 41 · usually approved in about 6 hours'. */
function QueuePlace({ place }: { place: PayoutQueue[number] | undefined }) {
  const { t, m } = useLanguage();
  if (!place) return null;
  const parts = [m(messages.payouts.queuePosition(String(place.position), String(place.queueLength)))];
  if (place.medianApprovalSeconds !== null) {
    const { count, unit } = approxDuration(place.medianApprovalSeconds);
    parts.push(m(messages.payouts.usuallyApproved(t(`duration.${unit}`, { count }))));
  }
  return <p className="mt-1 text-xs font-medium text-foreground">{parts.join(' · ')}</p>;
}

/**
 * Requested, then approved or declined, each with its date and any note from the team; an approval with the
 * transfer's reference, for the member to match in their wallet.
 */
function PayoutTimeline({ timeline, transferReference }: { timeline: Payout['timeline']; transferReference: string | null }) {
  const { t, m, formatDateTime } = useLanguage();
  return (
    <ol aria-label={t('payouts.progress')} className="mt-2 grid gap-1 border-l pl-3 text-xs text-muted-foreground">
      {timeline.map((step) => (
        <li key={step.status}>
          <span className="font-medium text-foreground">{statusName(step.status)}</span> {formatDateTime(step.at)}
          {step.note && <span className="block break-words">{step.note}</span>}
          {step.status === 'approved' && transferReference && (
            <span className="block break-words font-medium text-foreground">
              {m(messages.payouts.transferReference(transferReference))}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
