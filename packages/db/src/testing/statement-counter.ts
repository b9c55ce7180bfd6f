import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Db } from '../create-db';

export interface StatementCounter {
  /** The same database, every statement sent through it counted. */
  db: Db;
  /** What was sent since the last reset, one `Select users`-like line per statement. */
  statements(): string[];
  reset(): void;
}

/** The first table a statement names, for telling the counted statements apart in a failure message. */
function firstTable(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const operation = node as OperationNode & { table?: { identifier?: { name?: string } } };
  if (operation.kind === 'TableNode') return operation.table?.identifier?.name;
  for (const child of Object.values(node)) {
    const found = firstTable(child);
    if (found) return found;
  }
  return undefined;
}

function describe(node: RootOperationNode): string {
  const kind = node.kind.replace(/QueryNode$|Node$/, '');
  const table = firstTable(node);
  return table ? `${kind} ${table}` : kind;
}

/**
 * Counts the statements the application runs through `db`. A plugin sees each executed statement's
 * result exactly once (transformResult); transformQuery also sees every subquery, so it only names them.
 * BEGIN and COMMIT are the driver's own and are not counted: a transaction costs two round trips more
 * than its statements. A statement that fails is not counted either.
 */
export function countStatements(db: Db): StatementCounter {
  let sent: string[] = [];
  const names = new WeakMap<QueryId, string>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      names.set(queryId, describe(node));
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      sent.push(names.get(queryId) ?? 'statement');
      return result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    statements: () => [...sent],
    reset: () => {
      sent = [];
    },
  };
}
