import { trpc } from '@app/client';
import { type Cluster, formatDateTime, type LinkKind, type RiskQueueItem, riskLevel, staffMessages } from '@app/contracts';
import {
  Badge,
  type BadgeProps,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  PageHeader,
  Skeleton,
} from '@app/ui';
import { useId, useState } from 'react';
import { toastRefusal, toastSuccess } from '../../lib/feedback';
import type { Column } from '../shared/admin-table';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { usePaging } from '../shared/paged-table';
import { linksText, PagedSection } from './risk-lists';

const m = staffMessages.risk;

const LEVEL_BADGE: Record<ReturnType<typeof riskLevel>, BadgeProps['variant']> = {
  high: 'destructive',
  medium: 'warning',
  low: 'secondary',
};

function ScoreBadge({ score }: { score: number }) {
  const level = riskLevel(score);
  return (
    <Badge variant={LEVEL_BADGE[level]} className="w-fit tabular-nums">
      {score} · {level}
    </Badge>
  );
}

function Reasons({ reasons }: { reasons: RiskQueueItem['reasons'] }) {
  return (
    <ul className="grid gap-0.5 text-sm">
      {reasons.map((reason) => (
        <li key={`${reason.code}:${reason.text}`} className="break-words">
          {reason.text}
        </li>
      ))}
    </ul>
  );
}

/** /admin/risk: members by risk score, highest first, each with what ties them to others. */
export function RiskPage() {
  return (
    <>
      <PageHeader title="Risk Review" description="Members whose signals tie them to other accounts, highest score first." />
      <RiskQueue />
    </>
  );
}

function RiskQueue() {
  const paging = usePaging();
  const [reviewing, setReviewing] = useState<RiskQueueItem | null>(null);
  const queue = trpc.admin.risk.queue.useQuery(paging.input);
  const columns: readonly Column<RiskQueueItem>[] = [
    { header: 'Member', cell: (item) => <span className="break-all">{item.email}</span> },
    { header: 'Score', cell: (item) => <ScoreBadge score={item.score} />, className: 'whitespace-nowrap' },
    { header: 'Why', cell: (item) => <Reasons reasons={item.reasons} /> },
    {
      header: 'Payouts',
      cell: (item) => (item.payoutHold ? <Badge variant="warning">On hold</Badge> : <span className="text-muted-foreground">Open</span>),
    },
    {
      header: 'Actions',
      pinned: true,
      cell: (item) => (
        <Button size="sm" variant="outline" onClick={() => setReviewing(item)} aria-label={`Review ${item.email}`}>
          Review
        </Button>
      ),
    },
  ];
  return (
    <PagedSection
      id="risk-queue-title"
      title="Members at risk"
      columns={columns}
      query={queue}
      rowKey={(item) => item.userId}
      errorText={m.queueLoadFailed}
      empty={m.queueEmpty}
      paging={paging}
    >
      {reviewing && <MemberReview member={reviewing} onClose={() => setReviewing(null)} />}
    </PagedSection>
  );
}

/** One member's score, reasons, linked accounts (shared values masked) and payout hold. */
function MemberReview({ member, onClose }: { member: RiskQueueItem; onClose: () => void }) {
  const utils = trpc.useUtils();
  const review = trpc.admin.risk.user.useQuery({ id: member.userId });
  const ids = useId();
  const setHold = trpc.admin.risk.holdPayouts.useMutation();
  const [changingHold, setChangingHold] = useState(false);
  const hold = review.data?.payoutHold ?? null;

  async function confirmHold(reason: string) {
    try {
      await setHold.mutateAsync({ id: member.userId, hold: hold === null, reason });
    } catch (error) {
      toastRefusal(error, m.holdFailed);
      throw error;
    }
    await Promise.all([utils.admin.risk.user.invalidate({ id: member.userId }), utils.admin.risk.queue.invalidate()]);
    toastSuccess(hold === null ? m.held : m.released);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-all pr-6">{member.email}</DialogTitle>
          <DialogDescription>Risk review: what ties this account to others, and its payouts.</DialogDescription>
        </DialogHeader>
        {review.isPending && <Skeleton className="h-40 w-full" />}
        {review.isError && (
          <p role="alert" className="text-sm text-destructive">
            {m.userLoadFailed}
          </p>
        )}
        {review.data && (
          <div className="grid gap-5">
            <div className="grid gap-2">
              <ScoreBadge score={review.data.score} />
              <Reasons reasons={review.data.reasons} />
            </div>
            <div className="grid gap-2">
              <h3 id={`${ids}-linked`} className="text-sm font-semibold">
                Linked accounts ({review.data.linkedAccounts.length})
              </h3>
              {review.data.linkedAccounts.length === 0 ? (
                <p className="text-sm text-muted-foreground">None.</p>
              ) : (
                <TiedAccounts
                  labelledBy={`${ids}-linked`}
                  accounts={review.data.linkedAccounts.map((account) => ({ ...account, links: account.via }))}
                />
              )}
            </div>
            <ClusterSection id={`${ids}-cluster`} cluster={review.data.cluster} />
            <div className="grid gap-2 rounded-md border p-3">
              <h3 className="text-sm font-semibold">Payouts</h3>
              {hold ? (
                <p className="text-sm">
                  On hold since {formatDateTime(hold.since)}: <span className="break-words">{hold.reason}</span>
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">Not on hold: this member can request payouts and have them approved.</p>
              )}
              <Button
                size="sm"
                variant={hold ? 'outline' : 'destructive'}
                className="justify-self-start"
                onClick={() => setChangingHold(true)}
              >
                {hold ? 'Release payouts' : 'Hold payouts'}
              </Button>
            </div>
          </div>
        )}
        <ConfirmDialog
          open={changingHold}
          onOpenChange={setChangingHold}
          title={hold ? 'Release payouts?' : 'Hold payouts?'}
          description={
            hold
              ? `${member.email} can request payouts again, and their pending payouts can be approved.`
              : `${member.email} cannot request payouts, and their pending payouts cannot be approved, until released. They see your reason.`
          }
          confirmLabel={hold ? 'Release payouts' : 'Hold payouts'}
          required={m.holdReasonRequired}
          destructive={!hold}
          onConfirm={confirmHold}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The accounts tied to the member through strong links, directly or through each other
 * (docs/product-rules.md#fraud-rules), each with what ties it to the others.
 */
function ClusterSection({ id, cluster }: { id: string; cluster: Cluster }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {cluster.size > 1 ? m.clusterOf(cluster.size) : 'Cluster'}
      </h3>
      {cluster.size === 1 ? (
        <p className="text-sm text-muted-foreground">{m.clusterAlone}</p>
      ) : (
        <TiedAccounts labelledBy={id} accounts={cluster.members.map((member) => ({ ...member, links: member.ties }))} />
      )}
      {cluster.capped && <p className="text-sm text-warning">{m.clusterCapped(cluster.size)}</p>}
    </section>
  );
}

/** Accounts, each with what ties it (the values masked), in a list named by the heading `labelledBy`. */
function TiedAccounts({
  labelledBy,
  accounts,
}: {
  labelledBy: string;
  accounts: readonly { userId: string; email: string; links: readonly { kind: LinkKind; value: string }[] }[];
}) {
  return (
    <ul aria-labelledby={labelledBy} className="grid max-h-64 gap-2 overflow-y-auto">
      {accounts.map((account) => (
        <li key={account.userId} className="grid gap-0.5 rounded-md border p-2 text-sm">
          <span className="break-all font-medium">{account.email}</span>
          <span className="text-xs text-muted-foreground">{linksText(account.links)}</span>
        </li>
      ))}
    </ul>
  );
}
