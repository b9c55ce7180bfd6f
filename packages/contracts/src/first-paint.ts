import type { User } from './auth';
import { DASHBOARD_TRANSACTION_COUNT, planName } from './constants';
import { CHAT_WINDOW_SIZE } from './conversation';
import type { Language } from './language';
import { requestTime } from './locale-format';
import { formatPesosAmount } from './money';
import type { VipStatus } from './vip';

/**
 * The answers the server writes into a signed-in member page (docs/architecture.md#what-a-page-loads-first):
 * the element's id, and what it holds. The app starts with them instead of asking for the user again, and
 * its live stream resumes from where the feed stood when they were read.
 */
export const FIRST_ANSWERS_ID = 'first-answers';

export interface FirstAnswers {
  user: User;
  /** The live feed's position, read before the user was. */
  position: string;
  /** The page's first queries (firstQueriesOf), each answered as its call would be; one that failed is left out. */
  answers: FirstAnswer[];
}

/**
 * A query a signed-in page makes before it shows: the procedure's path, its input, and whether the page reads
 * it a window at a time (an infinite query, of which the answer is the first window).
 */
export interface FirstQuery {
  path: string;
  input?: Record<string, unknown>;
  infinite?: true;
}

export interface FirstAnswer extends FirstQuery {
  data: unknown;
}

/** What every signed-in page shows around its own content: the site's state, the bell, the chat, the popups. */
const SHELL_QUERIES: readonly FirstQuery[] = [
  { path: 'maintenance.status' },
  { path: 'site.config' },
  { path: 'notifications.list' },
  { path: 'popups.active' },
  { path: 'support.messages', input: { limit: CHAT_WINDOW_SIZE }, infinite: true },
];

/** The dashboard's own: the first tasks, the day's limit and the latest transactions. */
export const DASHBOARD_QUERIES = {
  tasks: { path: 'tasks.list' },
  vipStatus: { path: 'vip.status' },
  transactions: { path: 'transactions.list', input: { limit: DASHBOARD_TRANSACTION_COUNT } },
} as const satisfies Record<string, FirstQuery>;

/**
 * The queries the server answers into a signed-in member's page at `url` (a path without its query string):
 * the shell's on every page, and on the dashboard its own, so that its first render has everything it shows
 * and no request stands between the script and the page.
 */
export function firstQueriesOf(url: string): FirstQuery[] {
  return url === '/' ? [...SHELL_QUERIES, ...Object.values(DASHBOARD_QUERIES)] : [...SHELL_QUERIES];
}

/** The answer written into a page for `query` (by its path), when its call answered. */
export function firstAnswerTo(answers: FirstAnswers, query: FirstQuery): unknown {
  return answers.answers.find((answer) => answer.path === query.path)?.data;
}

export type DashboardGreeting = 'dashboard.welcome' | 'dashboard.welcomeNamed' | 'dashboard.welcomeBack' | 'dashboard.welcomeBackNamed';

/** Each greeting's line beneath it: a new member is told where to start. */
const DESCRIPTIONS: Record<DashboardGreeting, 'dashboard.descriptionNew' | 'dashboard.description'> = {
  'dashboard.welcome': 'dashboard.descriptionNew',
  'dashboard.welcomeNamed': 'dashboard.descriptionNew',
  'dashboard.welcomeBack': 'dashboard.description',
  'dashboard.welcomeBackNamed': 'dashboard.description',
};

/** The dashboard's greetings, each a text of the catalogues; the named ones take `{name}`. */
export const DASHBOARD_GREETINGS = Object.keys(DESCRIPTIONS) as DashboardGreeting[];

export const dashboardDescription = (greeting: DashboardGreeting) => DESCRIPTIONS[greeting];

/**
 * The dashboard's heading (docs/screens.md#the-first-visit): a member who has never completed a task is new
 * and welcomed, anyone else is welcomed back; by first name when they gave one. The page and the server's
 * first paint of it both read it here.
 */
export function dashboardGreeting(user: Pick<User, 'completedTasks' | 'firstName'>): { greeting: DashboardGreeting; name: string | null } {
  const isNew = user.completedTasks === 0;
  const name = user.firstName || null;
  if (isNew) return { greeting: name ? 'dashboard.welcomeNamed' : 'dashboard.welcome', name };
  return { greeting: name ? 'dashboard.welcomeBackNamed' : 'dashboard.welcomeBack', name };
}

/** The dashboard's four figures, each written as the page shows it. */
export interface DashboardFigureValues {
  totalEarnings: string;
  completedTasks: string;
  availableBalance: string;
  totalPaidOut: string;
  pendingPayout: string;
}

/**
 * A waiting VIP request's words as its notice shows them: the plan asked for by its name (null when the request
 * names none), and once sent, its reference and when, as the member's language writes it. The app's notice and
 * the server's first paint of the dashboard both write them here.
 */
export function vipPendingWords(
  status: Pick<VipStatus, 'pendingVipTier' | 'pendingSince' | 'pendingReference'>,
  language: Language,
): { plan: string | null; sent?: { reference: string; time: string } } {
  const { pendingVipTier, pendingSince, pendingReference } = status;
  return {
    plan: pendingVipTier ? planName(pendingVipTier) : null,
    ...(pendingSince && pendingReference && { sent: { reference: pendingReference, time: requestTime(language, pendingSince) } }),
  };
}

/** A member's figures on the dashboard: the page and the server's first paint of it both write them here. */
export function dashboardFigures(
  user: Pick<User, 'totalEarnings' | 'completedTasks' | 'availableBalance' | 'totalPaidOut' | 'pendingPayout'>,
): DashboardFigureValues {
  return {
    totalEarnings: formatPesosAmount(user.totalEarnings),
    completedTasks: String(user.completedTasks),
    availableBalance: formatPesosAmount(user.availableBalance),
    totalPaidOut: formatPesosAmount(user.totalPaidOut),
    pendingPayout: formatPesosAmount(user.pendingPayout),
  };
}

/**
 * The dashboard's first paint as the page renders it, for the server to write a member's own into their page
 * (docs/architecture.md#what-a-page-loads-first). The member app's build writes it into
 * DASHBOARD_FIRST_PAINT_FILE beside its pages (a dot file, which the server never serves):
 * - the heading in each language and greeting, and the skeleton that stands where it goes in the signed-in
 *   shell; the server writes the first name where `nameSlot` stands;
 * - the first tasks: the section that holds them in each language (`sectionWithMore` with the link on to every
 *   task, for a member with more than the dashboard shows), with `slots.cards` where the cards go, a
 *   card ready and a card done today in each language, with the task's words where `slots` say, and the
 *   skeleton that stands where the section goes;
 * - the figures: their section in each language, with each figure's slot (`figureSlots`) where it goes, and
 *   the skeleton that stands where the section goes.
 */
export interface DashboardFirstPaint {
  skeleton: string;
  nameSlot: string;
  headers: Record<Language, Record<DashboardGreeting, string>>;
  tasksSkeleton: string;
  slots: { cards: string; title: string; description: string; reward: string };
  tasks: Record<Language, { section: string; sectionWithMore: string; ready: string; doneToday: string }>;
  figuresSkeleton: string;
  figureSlots: DashboardFigureValues;
  figures: Record<Language, string>;
  /** A new member's next step (firstStepTask), written above the figures with the task's title and reward in `slots`. */
  firstStep: Record<Language, string>;
  /** Where the server writes a payout hold's, a waiting VIP request's and a suspension's words into `notices` and `suspended`. */
  noticeSlots: { reason: string; since: string; plan: string; reference: string; time: string };
  /** The notices above the figures: a payout hold, and a waiting VIP request without and with its reference. */
  notices: Record<Language, { payoutHold: string; vipPending: string; vipPendingSent: string }>;
  /**
   * A suspended account's notice, above every signed-in page and not the dashboard's alone: with the admin's
   * reason where `noticeSlots.reason` stands, and without one. The server writes it before `skeleton`.
   */
  suspended: Record<Language, { withReason: string; withoutReason: string }>;
}

export const DASHBOARD_FIRST_PAINT_FILE = '.dashboard-first-paint.json';

/**
 * `template` with each of `values`' keys written as its value (passed through `encode`, for markup: escaped): in one
 * pass, so no value is read as a key and no `$&` in a value means anything.
 */
export function fillSlots(template: string, values: Record<string, string>, encode: (text: string) => string = (text) => text): string {
  const keys = new RegExp(
    Object.keys(values)
      .map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  return template.replace(keys, (key) => encode(values[key] ?? ''));
}
