import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { cachedTableWrittenBy, readersOf } from './cached-tables';
import type { UserRow } from './schema';
import { rememberRowVersion } from './users';

/** Their triggers queue money changes on PostgreSQL (migration 0019), for the feed to send once the request is done. */
const QUEUING_TABLES = new Set(['users', 'transactions']);

/** What one request has written so far, of the tables this instance caches. */
export interface WriteScope {
  /** A session or user row: the request's own session entry is dropped before it answers. */
  wroteOwn: boolean;
  /**
   * The settings, the tasks, the plans or a queue, or in an admin's call anything an admin list shows: the
   * request waits for its notifications before it answers.
   */
  wroteShared: boolean;
  /**
   * Set by an admin's call: its session or user writes are someone else's, so they count as shared, and so
   * do its writes of the tables admin lists show (the admin's next page shows them).
   */
  writesForOthers?: boolean;
  /** A member row or the ledger: changes that may wait in the queue until the feed sends them (sendQueuedSoon). */
  queuedChanges?: boolean;
  /** The statements so far that wrote a session or user row as the request's own. */
  ownWrites?: number;
  /**
   * The member row as the request's one own write returned it when it committed (noteOwnRowCommitted):
   * while that write stays the only one, the row and session as the request leaves them.
   */
  ownRow?: UserRow;
}

const requestScope = new AsyncLocalStorage<WriteScope>();

/**
 * Marks the current request's writes of users and sessions as made for other people (an admin suspending
 * a member, editing a balance, ending sessions): the answer then waits for their notifications like a
 * settings change, so the member's very next request, to any instance, already sees them.
 */
export function writesReachOthers(): void {
  const scope = requestScope.getStore();
  if (scope) scope.writesForOthers = true;
}

/**
 * Records the member row as a statement that wrote it returned it, committed (a statement on its own, not
 * in a transaction), when it is the request's first own write: the request's session may keep it instead
 * of reading it again. Frozen, with its version.
 */
export function noteOwnRowCommitted(row: UserRow, version: string): void {
  const scope = requestScope.getStore();
  if (!scope || scope.writesForOthers || scope.ownWrites !== 1) return;
  const frozen = Object.freeze(row);
  rememberRowVersion(frozen, version);
  scope.ownRow = frozen;
}

let preparing = 0;

/** Runs `compile` (of a statement to run later, prepared.ts) without noting writes: it writes nothing yet. */
export function compilingOnly<T>(compile: () => T): T {
  preparing += 1;
  try {
    return compile();
  } finally {
    preparing -= 1;
  }
}

/** Runs `fn` (the handling of one request) with its own record of writes. */
export function runInWriteScope<T>(scope: WriteScope, fn: () => T): T {
  return requestScope.run(scope, fn);
}

function tableName(node: unknown): string | undefined {
  const table = node as { kind?: string; table?: { identifier?: { name?: string } } } | undefined;
  return table?.kind === 'TableNode' ? table.table?.identifier?.name : undefined;
}

/** The tables an INSERT, UPDATE or DELETE writes, with those its WITH clauses write (a raw statement's, when it writes a cached one). */
function tablesWritten(node: RootOperationNode): string[] {
  const inWith = (with_: { expressions: readonly { expression: OperationNode }[] } | undefined) =>
    (with_?.expressions ?? []).flatMap((cte) => tablesWritten(cte.expression as RootOperationNode));
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(node.into) ?? '', ...inWith(node.with)];
    case 'UpdateQueryNode':
      return [tableName(node.table) ?? '', ...inWith(node.with)];
    case 'DeleteQueryNode':
      return [...node.from.froms.map((from: OperationNode) => tableName(from) ?? ''), ...inWith(node.with)];
    case 'SelectQueryNode':
      return inWith(node.with);
    case 'RawNode':
      return [cachedTableWrittenBy(node.sqlFragments.join('?')) ?? ''];
    default:
      return [];
  }
}

/**
 * Notes every statement that writes a cached table: on the request that sent it, or, for a write made
 * outside any request (a script, a test, a job), by calling `onWriteOutsideRequest`, so that the next
 * cached read first waits for that write's notifications.
 */
export class CachedWritesPlugin implements KyselyPlugin {
  constructor(private readonly onWriteOutsideRequest: () => void) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (preparing === 0) this.noteWrites(node);
    return node;
  }

  /** What transformQuery notes, for a statement compiled once and run again (prepared.ts). */
  noteWrites(node: RootOperationNode): void {
    let ownWrite = false;
    for (const table of tablesWritten(node)) {
      if (QUEUING_TABLES.has(table)) {
        const scope = requestScope.getStore();
        if (scope) scope.queuedChanges = true;
      }
      const readers = readersOf(table);
      if (!readers) continue;
      const own = readers === 'own';
      const adminList = readers === 'admin-list';
      const scope = requestScope.getStore();
      if (!scope) this.onWriteOutsideRequest();
      else if (own && !scope.writesForOthers) {
        scope.wroteOwn = true;
        ownWrite = true;
      } else if (!adminList || scope.writesForOthers) scope.wroteShared = true;
    }
    const scope = ownWrite ? requestScope.getStore() : undefined;
    if (scope) scope.ownWrites = (scope.ownWrites ?? 0) + 1;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
