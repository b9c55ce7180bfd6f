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

/**
 * The tables whose rows this instance caches (docs/architecture.md#caches). A request that wrote one of
 * them waits, before it answers, until the notifications of its writes have reached this instance, so the
 * next call it makes never reads the value it just replaced.
 */
const CACHED_TABLES = new Set(['users', 'sessions', 'system_settings', 'systemSettings', 'tasks', 'vip_plans', 'vipPlans']);

const RAW_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+"?(users|sessions|system_settings|tasks|vip_plans)\b/i;

/** What one request has done so far. */
export interface WriteScope {
  wroteCachedTable: boolean;
}

const requestScope = new AsyncLocalStorage<WriteScope>();

/** Runs `fn` (the handling of one request) with its own record of writes. */
export function runInWriteScope<T>(scope: WriteScope, fn: () => T): T {
  return requestScope.run(scope, fn);
}

function tableName(node: unknown): string | undefined {
  const table = node as { kind?: string; table?: { identifier?: { name?: string } } } | undefined;
  return table?.kind === 'TableNode' ? table.table?.identifier?.name : undefined;
}

/** The table an INSERT, UPDATE or DELETE writes, or a raw statement that writes a cached table. */
function writesCachedTable(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return CACHED_TABLES.has(tableName(node.into) ?? '');
    case 'UpdateQueryNode':
      return CACHED_TABLES.has(tableName(node.table) ?? '');
    case 'DeleteQueryNode':
      return node.from.froms.some((from: OperationNode) => CACHED_TABLES.has(tableName(from) ?? ''));
    case 'RawNode':
      return RAW_WRITE.test(node.sqlFragments.join('?'));
    default:
      return false;
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
    if (writesCachedTable(node)) {
      const scope = requestScope.getStore();
      if (scope) scope.wroteCachedTable = true;
      else this.onWriteOutsideRequest();
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
