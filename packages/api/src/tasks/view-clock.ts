import { sql } from 'kysely';
import type { Context } from '../context';
import { dayRange } from '../lib/time';

/**
 * The clock views are timed by. In production the database's, so that instances whose clocks disagree
 * cannot stretch a view (start on one a minute behind, complete on one a minute ahead); tests that move
 * the server's clock time views by it instead.
 */
export type ViewClock = { source: 'database' } | { source: 'server'; now: Date };

/** What starting and crediting a view are given: the moment, the day's time zone, the viewing time and the view clock. */
export interface ViewOptions {
  now: Date;
  timeZone: string;
  /** TASK_VIEW_SECONDS: how long a view must last before it is credited. */
  viewSeconds: number;
  clock: ViewClock;
}

/** The view options of a request, from the server's settings and clock. */
export function viewOptionsOf(ctx: Pick<Context, 'settings' | 'now'>): ViewOptions {
  const now = ctx.now();
  return {
    now,
    timeZone: ctx.settings.timeZone,
    viewSeconds: ctx.settings.taskViewSeconds,
    clock: ctx.settings.viewClock === 'database' ? { source: 'database' } : { source: 'server', now },
  };
}

export function clockNow(clock: ViewClock) {
  return clock.source === 'database' ? sql<Date>`now()` : sql<Date>`${clock.now}::timestamptz`;
}

/** The arguments of a prepared statement that every one of them takes: the view clock's time, the day. */
export interface ClockArgs {
  /** The server's time, read by a statement only when views are timed by the server (its shape says which). */
  serverNow: Date;
  dayStart: Date;
  dayEnd: Date;
}

export function clockArgs(options: ViewOptions): ClockArgs {
  const { start, end } = dayRange(options.now, options.timeZone);
  return { serverNow: options.clock.source === 'server' ? options.clock.now : options.now, dayStart: start, dayEnd: end };
}

/** The view clock inside a prepared statement: which clock is the statement's shape, the server's time an argument. */
export function preparedClock(source: ViewClock['source'], args: ClockArgs): ViewClock {
  return source === 'database' ? { source } : { source, now: args.serverNow };
}

/** The seconds a view has lasted, by the view clock. */
export function secondsSince(clock: ViewClock, startedAt: string) {
  return sql<number>`extract(epoch from ${clockNow(clock)} - ${sql.ref(startedAt)})::float8`;
}
