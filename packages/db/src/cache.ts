import { ChangeCache } from './change-cache';
import type { ChangeFeed, ChangeTopic } from './changes';
import type { SystemSettingsRow, TaskRow, UserRow, VipPlanRow } from './schema';
import { rowVersionOf } from './users';

/** A live session with its user, as a signed-in request needs them. */
export interface CachedSession {
  expiresAt: Date;
  adminUnlockedUntil: Date | null;
  user: Readonly<UserRow>;
}

/** What each instance keeps in memory (docs/architecture.md#caches). */
export interface AppCaches {
  /** Sessions with their user, by the session's hashed id; a change to either row drops the entry. */
  sessions: ChangeCache<CachedSession | null>;
  /** The one system settings row (maintenance, website status, G-CASH payee). */
  settings: ChangeCache<Readonly<SystemSettingsRow>>;
  /** The active tasks, in the order members see them. */
  tasks: ChangeCache<readonly TaskRow[]>;
  /** The active plans, in the order members see them. */
  plans: ChangeCache<readonly VipPlanRow[]>;
  /** The length of each unsearched admin queue (pending payouts, VIP requests, support, commission payouts). */
  queueTotals: ChangeCache<number>;
  /**
   * The answered pages of those queues, searched or not: dropped by any change to a queue's table, by a
   * change to any member a page shows or to the cluster of a member whose cluster it shows, and by any
   * member's new e-mail or name (what a search matches).
   */
  queuePages: ChangeCache<CachedPage>;
  /** The answered pages of the other admin lists, each list dropped by the changes of ADMIN_LIST_CHANGES. */
  adminLists: Record<AdminListName, ChangeCache<CachedPage>>;
}

/** A page of an admin list as answered, with what else it was read from. */
interface CachedPage {
  /** The answer, prepared once for every admin who asks (packages/api's prepareAnswer). */
  answer: object;
  /** The list's length (beside the unpaged list, in X-Total-Count). */
  total: number;
  /** The members whose rows it shows besides its list's own (their user row, or for held referrals the devices and destinations they used). */
  members: readonly string[];
  /** The members whose cluster's size it shows (the pending payouts' members), if any. */
  clusterMembers?: readonly string[];
  /** When something the page shows ends by itself (a VIP plan's expiry), in ms since the epoch; null: never. */
  validUntil: number | null;
}

/** Pages kept at most per list and instance (each is one page of at most 100 rows): the pages and searches admins have open. */
const MAX_CACHED_PAGES = 256;

/**
 * The admin lists kept as answered pages besides the queues, and the topics whose every change drops
 * every page of one; a keyed change of `rowTopic` drops only the pages that show that row.
 */
const ADMIN_LIST_CHANGES = {
  /** Any member's row (balances, status, plan, names) and a member who signs up. */
  users: { clearedBy: ['user', 'members'], rowTopic: null },
  /** A ledger row, and the members' e-mails it shows. */
  transactions: { clearedBy: ['ledger', 'member-names'], rowTopic: null },
  /** An admin's action, and the e-mails of the admins and members it shows. */
  logs: { clearedBy: ['admin-logs', 'member-names'], rowTopic: null },
  /** A score, the e-mails, and the payout hold of a member shown. */
  risk: { clearedBy: ['risk', 'member-names'], rowTopic: 'user' },
  /** A referral, the e-mails, and a device or destination newly used by a sponsor or friend shown. */
  'held-referrals': { clearedBy: ['referrals', 'member-names'], rowTopic: 'signals' },
} satisfies Record<string, { clearedBy: readonly ChangeTopic[]; rowTopic: ChangeTopic | null }>;

export type AdminListName = keyof typeof ADMIN_LIST_CHANGES;

/** Sessions kept at most per instance: a session is about 2 KB with its user. */
const MAX_CACHED_SESSIONS = 50_000;

export function createAppCaches(feed: ChangeFeed): AppCaches {
  return {
    sessions: new ChangeCache(feed, {
      topics: ['session', 'user'],
      maxEntries: MAX_CACHED_SESSIONS,
      readFrom: (hash, session) => (session ? [`session:${hash}`, `user:${session.user.id}`] : [`session:${hash}`]),
      keep: (session) => session !== null,
      versionOf: (session, row) => (session && row.startsWith('user:') ? rowVersionOf(session.user) : undefined),
    }),
    settings: new ChangeCache(feed, { topics: ['settings'], maxEntries: 1, readFrom: () => [] }),
    tasks: new ChangeCache(feed, { topics: ['tasks'], maxEntries: 1, readFrom: () => [] }),
    plans: new ChangeCache(feed, { topics: ['plans'], maxEntries: 1, readFrom: () => [] }),
    queueTotals: new ChangeCache(feed, {
      topics: ['queues', 'support'],
      maxEntries: 8,
      readFrom: () => [],
      everyChangeClears: ['queues', 'support'],
    }),
    queuePages: new ChangeCache(feed, {
      topics: ['queues', 'support', 'member-names', 'user', 'cluster'],
      maxEntries: MAX_CACHED_PAGES,
      readFrom: (_key, page) => [...page.members.map((id) => `user:${id}`), ...(page.clusterMembers ?? []).map((id) => `cluster:${id}`)],
      everyChangeClears: ['queues', 'support', 'member-names'],
    }),
    adminLists: Object.fromEntries(
      Object.entries(ADMIN_LIST_CHANGES).map(([list, { clearedBy, rowTopic }]) => {
        const cache = new ChangeCache<CachedPage>(feed, {
          topics: rowTopic ? [...clearedBy, rowTopic] : clearedBy,
          maxEntries: MAX_CACHED_PAGES,
          readFrom: (_key, page) => (rowTopic ? page.members.map((id) => `${rowTopic}:${id}`) : []),
          everyChangeClears: clearedBy,
        });
        return [list, cache];
      }),
    ) as Record<AdminListName, ChangeCache<CachedPage>>,
  };
}

/** What a cache's metrics read of it. */
export type CacheCounts = Pick<ChangeCache<unknown>, 'hits' | 'misses' | 'invalidations' | 'size'>;

/** Every cache of an instance by a name for its metrics: the admin lists' as `admin-list:<list>`. */
export function namedCaches(caches: AppCaches): [string, CacheCounts][] {
  const { adminLists, ...single } = caches;
  return [
    ...Object.entries(single as Record<string, CacheCounts>),
    ...Object.entries(adminLists).map(([list, cache]): [string, CacheCounts] => [`admin-list:${list}`, cache]),
  ];
}
