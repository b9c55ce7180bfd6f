import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  DASHBOARD_FIRST_PAINT_FILE,
  DASHBOARD_QUERIES,
  DASHBOARD_TASK_COUNT,
  type DashboardFirstPaint,
  dashboardFigures,
  dashboardGreeting,
  doneTodayLast,
  FIRST_ANSWERS_ID,
  type FirstAnswers,
  fillSlots,
  firstAnswerTo,
  firstStepTask,
  formatDateTimeIn,
  formatPesosAmount,
  hasMoreThanDashboardShows,
  type Language,
  type Task,
  type VipStatus,
  vipPendingWords,
} from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './server-page';

const ROOT_ELEMENT = '<div id="root"></div>';

/** The answers as a data block: never run, and no text in them (a name with `</script>`) can end it early. */
const answersBlock = (answers: FirstAnswers) =>
  `<script type="application/json" id="${FIRST_ANSWERS_ID}">${JSON.stringify(answers).replaceAll('<', '\\u003c')}</script>`;

/** The member's tasks and the day's count as the page answers them, where it does. */
const tasksAnswered = (answers: FirstAnswers) => ({
  tasks: firstAnswerTo(answers, DASHBOARD_QUERIES.tasks) as Task[] | undefined,
  today: firstAnswerTo(answers, DASHBOARD_QUERIES.vipStatus) as VipStatus | undefined,
});

/**
 * A signed-in member's page of the member app (docs/architecture.md#what-a-page-loads-first): the built page
 * (index.html or its Filipino twin) with the answers the app would ask for first written in, and on the
 * dashboard the member's own greeting, figures and first tasks where the shell has their skeletons (and on every
 * page a suspended account's notice above them), so that the first screen paints from the HTML before any script
 * has run. Built pages are read once.
 */
export function memberPageWriter(distDir: string) {
  const pages = new Map<string, string>();
  let dashboardPaint: DashboardFirstPaint | undefined;
  const page = (file: string) => {
    let html = pages.get(file);
    if (html === undefined) {
      html = readFileSync(path.join(distDir, file), 'utf8');
      if (!html.includes(ROOT_ELEMENT)) throw new Error(`${file} has no empty ${ROOT_ELEMENT}`);
      pages.set(file, html);
    }
    return html;
  };
  const dashboard = () => {
    dashboardPaint ??= JSON.parse(readFileSync(path.join(distDir, DASHBOARD_FIRST_PAINT_FILE), 'utf8')) as DashboardFirstPaint;
    return dashboardPaint;
  };
  const greetingOf = (answers: FirstAnswers, language: Language) => {
    const { greeting, name } = dashboardGreeting(answers.user);
    return fillSlots(dashboard().headers[language][greeting], { [dashboard().nameSlot]: name ?? '' }, escapeHtml);
  };
  // Above the figures, as the app shows them: a payout hold, a waiting VIP request (when it names its plan;
  // else the app's words for it), and a new member's next step (firstStepTask).
  const aboveFiguresOf = (answers: FirstAnswers, language: Language) => {
    const { notices, noticeSlots: at, firstStep, slots } = dashboard();
    const { tasks, today } = tasksAnswered(answers);
    const hold = answers.user.payoutHold;
    const first = firstStepTask(answers.user, tasks, today);
    const vip = today?.vipPendingApproval ? vipPendingWords(today, language) : undefined;
    const fill = (template: string, values: Record<string, string>) => fillSlots(template, values, escapeHtml);
    return [
      hold && fill(notices[language].payoutHold, { [at.reason]: hold.reason, [at.since]: formatDateTimeIn(language, hold.since) }),
      vip?.plan &&
        (vip.sent
          ? fill(notices[language].vipPendingSent, { [at.plan]: vip.plan, [at.reference]: vip.sent.reference, [at.time]: vip.sent.time })
          : fill(notices[language].vipPending, { [at.plan]: vip.plan })),
      first && fill(firstStep[language], { [slots.title]: first.title, [slots.reward]: formatPesosAmount(first.reward) }),
    ]
      .filter(Boolean)
      .join('');
  };
  // Above every page's content, as the app's shell shows it.
  const suspendedNoticeOf = ({ user }: FirstAnswers, language: Language) => {
    const { suspended, noticeSlots } = dashboard();
    if (!user.statusReason) return suspended[language].withoutReason;
    return fillSlots(suspended[language].withReason, { [noticeSlots.reason]: user.statusReason }, escapeHtml);
  };
  const figuresOf = (answers: FirstAnswers, language: Language) => {
    const { figureSlots, figures } = dashboard();
    const values = dashboardFigures(answers.user);
    const names = Object.keys(figureSlots) as (keyof typeof figureSlots)[];
    return fillSlots(figures[language], Object.fromEntries(names.map((name) => [figureSlots[name], values[name]])), escapeHtml);
  };
  // The tasks as the dashboard lists them, in their order; none where it shows the day's limit reached or
  // that there are no tasks, or where an answer is missing: the skeleton stays until the app is there.
  const tasksOf = (answers: FirstAnswers, language: Language) => {
    const { tasks, today } = tasksAnswered(answers);
    if (!tasks?.length || !today || today.tasksRemaining <= 0) return undefined;
    const { slots, tasks: paint } = dashboard();
    const cards = doneTodayLast(tasks, today.tasksDoneToday)
      .slice(0, DASHBOARD_TASK_COUNT)
      .map((task) =>
        fillSlots(
          today.tasksDoneToday.includes(task.id) ? paint[language].doneToday : paint[language].ready,
          {
            [slots.title]: task.title,
            [slots.description]: task.description,
            [slots.reward]: formatPesosAmount(task.reward),
          },
          escapeHtml,
        ),
      );
    const section = hasMoreThanDashboardShows(tasks) ? paint[language].sectionWithMore : paint[language].section;
    return section.replace(slots.cards, () => cards.join(''));
  };

  return (file: string, language: Language, answers: FirstAnswers, isDashboard: boolean): string => {
    // Replaced by functions: a replacement string would read `$&` or `$'` in a member's name as patterns.
    let html = page(file).replace(ROOT_ELEMENT, () => `${answersBlock(answers)}${ROOT_ELEMENT}`);
    if (answers.user.accountStatus === 'suspended') {
      html = html.replace(dashboard().skeleton, (skeleton) => `${suspendedNoticeOf(answers, language)}${skeleton}`);
    }
    if (isDashboard) {
      html = html.replace(dashboard().skeleton, () => greetingOf(answers, language));
      html = html.replace(dashboard().figuresSkeleton, () => `${aboveFiguresOf(answers, language)}${figuresOf(answers, language)}`);
      const tasks = tasksOf(answers, language);
      if (tasks !== undefined) html = html.replace(dashboard().tasksSkeleton, () => tasks);
    }
    return html;
  };
}

/**
 * Sends a page made for one request, compressed as the built pages are (their .br and .gz copies): the
 * signed-in member's page is about 50 KB of HTML and CSS before compression, 10 KB after.
 */
export function sendPage(req: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return reply.send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(gzipSync(html));
  }
  return reply.send(html);
}
