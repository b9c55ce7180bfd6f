import { type Compilable, type CompiledQuery, type OperationNodeSource, ValueNode } from 'kysely';
import type { Db } from './create-db';
import { CachedWritesPlugin, compilingOnly } from './write-tracking';

/**
 * Stands for one argument of a prepared statement while the statement is built: kysely makes it a
 * parameter of the compiled SQL, which each call fills in with the argument's value.
 */
class Slot implements OperationNodeSource {
  constructor(readonly name: string) {}
  toOperationNode() {
    return ValueNode.create(this);
  }
}

/** A compiled statement and, for each of its parameters, the argument that fills it (or the constant it was built with). */
interface Compiled {
  query: CompiledQuery;
  fills: readonly (Slot | { constant: unknown })[];
}

/**
 * A statement built and compiled by kysely once per shape, then only given its arguments
 * (docs/architecture.md#prepared-statements). kysely builds a query tree, renames its columns and compiles
 * it to SQL on every call, which for the long statements of the hot paths (a task view credited with its
 * ledger row) cost more of the server's time than the database's answer.
 *
 * `build` receives a stand-in for each argument, typed as the argument itself: it may put them anywhere a
 * value goes in the statement, but must not compute with them or choose by them (a choice is the `shape`,
 * a short string; each shape is compiled once). Compiling refuses a statement in which a stand-in was
 * read but is no parameter, or a parameter came out as NaN or "[object Object]": the signs of a stand-in
 * used as a JavaScript value.
 */
export function preparedStatement<A extends object, O, S extends string = ''>(
  build: (db: Db, args: A, shape: S) => Compilable<O>,
): (db: Db, args: A, shape?: S) => Promise<O[]> {
  const compiled = new Map<string, Compiled>();

  const compile = (db: Db, shape: S): Compiled => {
    const read = new Map<string, Slot>();
    const slots = new Proxy({} as A, {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        let slot = read.get(name);
        if (!slot) {
          slot = new Slot(name);
          read.set(name, slot);
        }
        return slot;
      },
    });
    const query = compilingOnly(() => build(db, slots, shape).compile());
    const unused = new Set(read.keys());
    const fills = query.parameters.map((parameter) => {
      if (parameter instanceof Slot) {
        unused.delete(parameter.name);
        return parameter;
      }
      if (Number.isNaN(parameter) || (typeof parameter === 'string' && parameter.includes('[object Object]'))) {
        throw new Error(`prepared statement (shape "${shape}"): a stand-in was computed with: parameter ${String(parameter)}`);
      }
      return { constant: parameter };
    });
    if (unused.size > 0 || query.sql.includes('[object Object]')) {
      throw new Error(`prepared statement (shape "${shape}"): stand-ins read but not put in the statement: ${[...unused].join(', ')}`);
    }
    return { query, fills };
  };

  return async (db, args, shape = '' as S) => {
    let statement = compiled.get(shape);
    if (!statement) {
      statement = compile(db, shape);
      compiled.set(shape, statement);
    }
    const { query, fills } = statement;
    const values = args as Record<string, unknown>;
    const parameters = fills.map((fill) => (fill instanceof Slot ? values[fill.name] : fill.constant));
    // The write is noted on the request as a statement kysely compiles is (write-tracking.ts).
    for (const plugin of db.getExecutor().plugins) {
      if (plugin instanceof CachedWritesPlugin) plugin.noteWrites(query.query);
    }
    const result = await db.executeQuery<O>({ ...query, parameters });
    return result.rows;
  };
}
