import { AdSlotTemplate, TrpcProvider } from '@app/client';
import {
  DASHBOARD_FIRST_PAINT_FILE,
  DASHBOARD_GREETINGS,
  type DashboardFigureValues,
  type DashboardFirstPaint,
  type DashboardGreeting,
  dashboardDescription,
  LANGUAGES,
  type Language,
} from '@app/contracts';
import { NavigationProvider, PageHeader, Skeleton } from '@app/ui';
import { renderToStaticMarkup } from 'react-dom/server';
import { SuspendedNotice } from '../components/account/account-status-banner';
import { DashboardFigures } from '../components/earning/dashboard-figures';
import { FirstStepCard } from '../components/earning/first-step';
import { TaskBadge, TaskCardFrame } from '../components/earning/task-card';
import { DashboardTasks, TASK_GRID } from '../components/earning/task-grid';
import { LandingPage } from '../components/landing-page';
import { PayoutHoldNotice } from '../components/payouts/payout-hold-banner';
import { PayoutProofTemplate } from '../components/payouts/payout-proof';
import { UiTexts } from '../components/ui-texts';
import { VipPendingNotice } from '../components/vip/vip-pending-banner';
import { loadLanguage, translate } from '../lib/language';
import { FiguresSkeleton, PageHeaderSkeleton, StaticShell, TasksSkeleton } from './static-shell';

/** The landing page in one language: its markup, and the page's title and description in that language. */
interface LandingPaint {
  markup: string;
  title: string;
  description: string;
}

/** Where the server writes the member's first name into a greeting of DashboardFirstPaint. */
export const MEMBER_NAME_SLOT = '%MEMBER_NAME%';

/** Where the server writes the dashboard's first tasks, and each task's words, into DashboardFirstPaint's tasks. */
const TASK_SLOTS: DashboardFirstPaint['slots'] = {
  cards: '%TASK_CARDS%',
  title: '%TASK_TITLE%',
  description: '%TASK_DESCRIPTION%',
  reward: '%TASK_REWARD%',
};

/** Where the server writes each of a member's figures into DashboardFirstPaint's figures. */
const FIGURE_SLOTS: DashboardFigureValues = {
  totalEarnings: '%TOTAL_EARNINGS%',
  completedTasks: '%COMPLETED_TASKS%',
  availableBalance: '%AVAILABLE_BALANCE%',
  totalPaidOut: '%TOTAL_PAID_OUT%',
  pendingPayout: '%PENDING_PAYOUT%',
};

/** Where the server writes the admin's reasons (a payout hold's, a suspension's) and a waiting VIP request's words into DashboardFirstPaint's notices. */
const NOTICE_SLOTS: DashboardFirstPaint['noticeSlots'] = {
  reason: '%HOLD_REASON%',
  since: '%HOLD_SINCE%',
  plan: '%VIP_PLAN%',
  reference: '%VIP_REFERENCE%',
  time: '%VIP_TIME%',
};

/** The notices above the dashboard's figures in the active language, with slots for their words. */
function dashboardNoticesInActiveLanguage(): DashboardFirstPaint['notices'][Language] {
  const { reason, since, plan, reference, time } = NOTICE_SLOTS;
  return {
    payoutHold: renderToStaticMarkup(<PayoutHoldNotice reason={reason} since={since} />),
    vipPending: renderToStaticMarkup(<VipPendingNotice plan={plan} />),
    vipPendingSent: renderToStaticMarkup(<VipPendingNotice plan={plan} sent={{ reference, time }} />),
  };
}

/**
 * The dashboard's tasks in the active language as the page renders them, each card with its words to be
 * written in; where the page has a button, a skeleton, as nothing can be started before the app is there.
 */
function dashboardTasksInActiveLanguage(): DashboardFirstPaint['tasks'][Language] {
  const card = (state: 'ready' | 'doneToday') =>
    renderToStaticMarkup(
      <li>
        <TaskCardFrame
          task={{ title: TASK_SLOTS.title, description: TASK_SLOTS.description, reward: TASK_SLOTS.reward }}
          headingLevel="h3"
          badge={<TaskBadge state={state} />}
        >
          <Skeleton className="h-10" />
        </TaskCardFrame>
      </li>,
    );
  const section = (hasMore: boolean) => (
    <DashboardTasks hasMore={hasMore}>
      <ul className={TASK_GRID}>{TASK_SLOTS.cards}</ul>
    </DashboardTasks>
  );
  return {
    section: renderToStaticMarkup(section(false)),
    sectionWithMore: renderToStaticMarkup(section(true)),
    ready: card('ready'),
    doneToday: card('doneToday'),
  };
}

/** The heading of every greeting in the active language; the named ones carry MEMBER_NAME_SLOT. */
function dashboardHeadersInActiveLanguage(): Record<DashboardGreeting, string> {
  const headers = {} as Record<DashboardGreeting, string>;
  for (const greeting of DASHBOARD_GREETINGS) {
    const named = greeting.endsWith('Named');
    const markup = renderToStaticMarkup(
      <PageHeader
        title={translate(greeting, named ? { name: MEMBER_NAME_SLOT } : undefined)}
        description={translate(dashboardDescription(greeting))}
      />,
    );
    // Without the document title React renders beside it (and moves into <head> in a browser): the page's
    // own <title> stands until the app sets the dashboard's.
    headers[greeting] = markup.replace(/<title>[^<]*<\/title>/, '');
  }
  return headers;
}

/** Where landing.html's markup is rendered: its links are page loads, and its script makes the sign-in links come back. */
const LANDING_NAVIGATION = { pathname: '/', handles: () => false, navigate: () => undefined };

/**
 * The landing page as landing.html carries it: markup only, which its script (src/landing.ts) does not
 * hydrate, with templates where the page shows what it reads from the server.
 */
export function LandingPageMarkup() {
  return (
    <TrpcProvider>
      <NavigationProvider value={LANDING_NAVIGATION}>
        <UiTexts>
          <LandingPage payoutProof={<PayoutProofTemplate />} ad={<AdSlotTemplate />} />
        </UiTexts>
      </NavigationProvider>
    </TrpcProvider>
  );
}

/**
 * The markup the build writes into the member site's pages (build/first-paint.ts): the landing page in each
 * language (landing.html, landing.fil.html), which its small script adds to without hydrating, the
 * signed-in shell for index.html, which the app replaces rather than hydrates, and the dashboard's headings,
 * figures and tasks for the server.
 */
export async function renderFirstPaints(): Promise<{
  landing: Record<Language, LandingPaint>;
  shell: string;
  /** Files for the server beside the pages, by name: the dashboard's first paint (DASHBOARD_FIRST_PAINT_FILE). */
  serverFiles: Record<string, string>;
}> {
  const landing = {} as Record<Language, LandingPaint>;
  const headers = {} as DashboardFirstPaint['headers'];
  const tasks = {} as DashboardFirstPaint['tasks'];
  const figures = {} as DashboardFirstPaint['figures'];
  const firstStep = {} as DashboardFirstPaint['firstStep'];
  const notices = {} as DashboardFirstPaint['notices'];
  const suspended = {} as DashboardFirstPaint['suspended'];
  for (const language of LANGUAGES) {
    await loadLanguage(language);
    headers[language] = dashboardHeadersInActiveLanguage();
    tasks[language] = dashboardTasksInActiveLanguage();
    // Its labels' ids apart from any other id the page has.
    figures[language] = renderToStaticMarkup(<DashboardFigures figures={FIGURE_SLOTS} />, { identifierPrefix: 'figures-' });
    notices[language] = dashboardNoticesInActiveLanguage();
    suspended[language] = {
      withReason: renderToStaticMarkup(<SuspendedNotice reason={NOTICE_SLOTS.reason} />),
      withoutReason: renderToStaticMarkup(<SuspendedNotice reason={null} />),
    };
    // A new member's next step above the figures, with the task's words in the tasks' slots.
    firstStep[language] = renderToStaticMarkup(
      <FirstStepCard title={TASK_SLOTS.title} amount={TASK_SLOTS.reward}>
        <Skeleton className="h-10" />
      </FirstStepCard>,
    );
    landing[language] = {
      markup: renderToStaticMarkup(<LandingPageMarkup />),
      title: translate('landing.meta.title'),
      description: translate('landing.meta.description'),
    };
  }
  return {
    landing,
    shell: renderToStaticMarkup(<StaticShell />),
    serverFiles: {
      [DASHBOARD_FIRST_PAINT_FILE]: JSON.stringify({
        skeleton: renderToStaticMarkup(<PageHeaderSkeleton />),
        nameSlot: MEMBER_NAME_SLOT,
        headers,
        tasksSkeleton: renderToStaticMarkup(<TasksSkeleton />),
        slots: TASK_SLOTS,
        tasks,
        figuresSkeleton: renderToStaticMarkup(<FiguresSkeleton />),
        figureSlots: FIGURE_SLOTS,
        figures,
        firstStep,
        noticeSlots: NOTICE_SLOTS,
        notices,
        suspended,
      } satisfies DashboardFirstPaint),
    },
  };
}
