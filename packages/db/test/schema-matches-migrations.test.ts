import { readFileSync } from 'node:fs';
import { CamelCasePlugin, sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '../src';
import { databaseOfFile } from './database-of-file';

/**
 * The hand-written table types in src/schema.ts against the tables the registered migrations make: every
 * table, column, nullability, default and type family must agree, and every disagreement is listed in one
 * failure.
 */

/** kysely's own bookkeeping tables, which the application never queries through `Database`. */
const UNTYPED_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** What the application reads a column as, by the column's PostgreSQL type (int8 and numeric are parsed to numbers). */
const FAMILY_OF_SQL_TYPE: Record<string, Family> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  citext: 'string',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  numeric: 'number',
  bool: 'boolean',
  timestamp: 'date',
  timestamptz: 'date',
  date: 'date',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytes',
};

/** schema.ts's JSON helper: `Json<T>` selects T and is written as a JSON string (its definition says whether inserts may omit it). */
const JSON_HELPERS = new Set(['Json']);

/**
 * schema.ts's timestamp helpers are insert-optional on purpose, whether or not the column has a default
 * (the comment above `Timestamp` says so): a NOT NULL timestamp without a default may use them.
 */
const INSERT_OPTIONAL_BY_DESIGN = new Set(['Timestamp', 'NullableTimestamp']);

/** Nullable columns typed without `| null` on purpose, each with the reason its value is never null. */
const NEVER_NULL: Record<string, string> = {
  'users.search_text': 'generated from email and id (both NOT NULL) with the names coalesced; PostgreSQL still reports it nullable',
};

type Family = 'string' | 'number' | 'boolean' | 'date' | 'json' | 'bytes';

/** How each family is written in schema.ts, for the failure messages. */
const FAMILY_TYPES: Record<Family, string> = {
  string: 'string or string literals',
  number: 'number',
  boolean: 'boolean',
  date: 'Date or a Timestamp helper',
  json: 'a Json<...> helper',
  bytes: 'Uint8Array',
};

interface DbColumn {
  tableName: string;
  columnName: string;
  isNullable: 'YES' | 'NO';
  udtName: string;
  columnDefault: string | null;
  isGenerated: string;
  isIdentity: string;
  identityGeneration: string | null;
}

/** What a property's type says, read from its type text in schema.ts. */
interface PropertyType {
  text: string;
  /** undefined when the select type is not one family (the message then names the type). */
  family: Family | undefined;
  nullable: boolean;
  /** Generated<...>, GeneratedAlways<...>, or a ColumnType whose insert type takes undefined. */
  insertOptional: boolean;
  /** GeneratedAlways<...>: never inserted or updated. */
  generatedAlways: boolean;
  /** The schema.ts type alias the property is written with, if any (`Timestamp`, `Json`, ...). */
  helper?: string;
}

/** The same camelCase ↔ snake_case conversion the application's CamelCasePlugin (default options) makes. */
class NameConversion extends CamelCasePlugin {
  toSnake(name: string): string {
    return this.snakeCase(name);
  }
  toCamel(name: string): string {
    return this.camelCase(name);
  }
}
const names = new NameConversion();

const schemaPath = new URL('../src/schema.ts', import.meta.url);

interface SchemaFile {
  /** snake_case table name → its interface's name, from `Database`. */
  tables: Map<string, { property: string; interfaceName: string }>;
  /** interface name → snake_case column name → its property. */
  interfaces: Map<string, Map<string, { property: string; type: PropertyType }>>;
}

function readSchemaFile(): SchemaFile {
  const source = ts.createSourceFile('schema.ts', readFileSync(schemaPath, 'utf8'), ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, ts.TypeAliasDeclaration>();
  const interfaceNodes = new Map<string, ts.InterfaceDeclaration>();
  for (const statement of source.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement);
    if (ts.isInterfaceDeclaration(statement)) interfaceNodes.set(statement.name.text, statement);
  }

  /** Whether a type takes `undefined` (a ColumnType's insert type: may an insert leave the column out). */
  const admitsUndefined = (node: ts.TypeNode): boolean => {
    if (node.kind === ts.SyntaxKind.UndefinedKeyword) return true;
    if (ts.isParenthesizedTypeNode(node)) return admitsUndefined(node.type);
    if (ts.isUnionTypeNode(node)) return node.types.some(admitsUndefined);
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const alias = aliases.get(node.typeName.text);
      return alias && !alias.typeParameters ? admitsUndefined(alias.type) : false;
    }
    return false;
  };

  const describeType = (node: ts.TypeNode): PropertyType => {
    const text = node.getText(source);
    const plain = (family: Family | undefined): PropertyType => ({
      text,
      family,
      nullable: false,
      insertOptional: false,
      generatedAlways: false,
    });
    if (ts.isParenthesizedTypeNode(node)) return { ...describeType(node.type), text };
    if (ts.isUnionTypeNode(node)) {
      const members = node.types.map(describeType);
      const values = members.filter((member) => member.text !== 'null' && member.text !== 'undefined');
      const families = new Set(values.map((member) => member.family));
      return {
        ...plain(families.size === 1 ? [...families][0] : undefined),
        nullable: members.some((member) => member.nullable || member.text === 'null'),
      };
    }
    if (ts.isLiteralTypeNode(node)) {
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { ...plain(undefined), nullable: true };
      if (ts.isStringLiteral(node.literal)) return plain('string');
      if (ts.isNumericLiteral(node.literal)) return plain('number');
      if (node.literal.kind === ts.SyntaxKind.TrueKeyword || node.literal.kind === ts.SyntaxKind.FalseKeyword) return plain('boolean');
      return plain(undefined);
    }
    if (node.kind === ts.SyntaxKind.StringKeyword) return plain('string');
    if (node.kind === ts.SyntaxKind.NumberKeyword) return plain('number');
    if (node.kind === ts.SyntaxKind.BooleanKeyword) return plain('boolean');
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      const args = node.typeArguments ?? [];
      if ((name === 'Generated' || name === 'GeneratedAlways') && args[0]) {
        return { ...describeType(args[0]), text, insertOptional: true, generatedAlways: name === 'GeneratedAlways' };
      }
      if (name === 'ColumnType' && args[0]) {
        return { ...describeType(args[0]), text, insertOptional: admitsUndefined(args[1] ?? args[0]) };
      }
      if (JSON_HELPERS.has(name)) {
        const definition = aliases.get(name);
        return {
          ...plain('json'),
          nullable: args[0] ? describeType(args[0]).nullable : false,
          insertOptional: definition ? describeType(definition.type).insertOptional : false,
          helper: name,
        };
      }
      if (name === 'Date') return plain('date');
      if (name === 'Uint8Array' || name === 'Buffer') return plain('bytes');
      const alias = aliases.get(name);
      if (alias && !alias.typeParameters) return { ...describeType(alias.type), text, helper: name };
    }
    return plain(undefined);
  };

  const nameOf = (member: ts.PropertySignature) =>
    ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source);

  const database = interfaceNodes.get('Database');
  if (!database) throw new Error('schema.ts has no `Database` interface');
  const tables: SchemaFile['tables'] = new Map();
  const interfaces: SchemaFile['interfaces'] = new Map();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const property = nameOf(member);
    tables.set(names.toSnake(property), { property, interfaceName: member.type.getText(source) });
  }
  for (const { interfaceName } of tables.values()) {
    const node = interfaceNodes.get(interfaceName);
    if (!node) continue;
    const columns = new Map<string, { property: string; type: PropertyType }>();
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const property = nameOf(member);
      columns.set(names.toSnake(property), { property, type: describeType(member.type) });
    }
    interfaces.set(interfaceName, columns);
  }
  return { tables, interfaces };
}

async function readDatabase(handle: DbHandle): Promise<Map<string, DbColumn[]>> {
  const { rows } = await sql<DbColumn>`
    SELECT c.table_name, c.column_name, c.is_nullable, c.udt_name, c.column_default, c.is_generated, c.is_identity,
      c.identity_generation
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position
  `.execute(handle.db);
  const tables = new Map<string, DbColumn[]>();
  for (const row of rows) {
    if (UNTYPED_TABLES.has(row.tableName)) continue;
    tables.set(row.tableName, [...(tables.get(row.tableName) ?? []), row]);
  }
  return tables;
}

/** Every way the column and its property disagree, as lines naming both. */
function compareColumn(column: DbColumn, where: string, type: PropertyType, neverNullUsed: Set<string>): string[] {
  const problems: string[] = [];
  const shown = `${where}: ${type.text}`;
  const nullable = column.isNullable === 'YES';
  const sqlType = `${column.udtName}${nullable ? '' : ' NOT NULL'}`;

  const expected = FAMILY_OF_SQL_TYPE[column.udtName];
  if (!expected) problems.push(`${shown} — column type ${column.udtName} is not in this test's FAMILY_OF_SQL_TYPE`);
  else if (type.family !== expected) problems.push(`${shown} — the column is ${column.udtName}, so the type is ${FAMILY_TYPES[expected]}`);

  const key = `${column.tableName}.${column.columnName}`;
  if (nullable && !type.nullable) {
    if (NEVER_NULL[key]) neverNullUsed.add(key);
    else problems.push(`${shown} — the column is nullable; the type lacks \`| null\``);
  }
  if (!nullable && type.nullable) problems.push(`${shown} — the column is ${sqlType}; the type allows null`);

  const generatedAlways = column.isGenerated === 'ALWAYS' || column.identityGeneration === 'ALWAYS';
  const hasDefault = column.columnDefault !== null || column.isGenerated === 'ALWAYS' || column.isIdentity === 'YES';
  if (generatedAlways && !type.generatedAlways) {
    problems.push(`${shown} — the column is generated always (never written); type it GeneratedAlways<...>`);
  } else if (!generatedAlways && type.generatedAlways) {
    problems.push(`${shown} — GeneratedAlways<...>, but the column is written (${column.columnDefault ?? 'no default'})`);
  } else if (hasDefault && !nullable && !type.insertOptional) {
    problems.push(`${shown} — the column has DEFAULT ${column.columnDefault}; the type must make inserts optional (Generated<...>)`);
  } else if (!hasDefault && !nullable && type.insertOptional && !INSERT_OPTIONAL_BY_DESIGN.has(type.helper ?? '')) {
    problems.push(`${shown} — insert-optional, but the column is ${sqlType} without a default, so an insert without it fails`);
  }
  return problems;
}

function compare(schema: SchemaFile, database: Map<string, DbColumn[]>): string[] {
  const problems: string[] = [];
  const neverNullUsed = new Set<string>();
  for (const [table, columns] of database) {
    const typed = schema.tables.get(table);
    if (!typed) {
      problems.push(`table ${table}: in the database, not in \`Database\` (no property ${names.toCamel(table)})`);
      continue;
    }
    const properties = schema.interfaces.get(typed.interfaceName);
    if (!properties) {
      problems.push(`Database.${typed.property}: interface ${typed.interfaceName} is not declared in schema.ts`);
      continue;
    }
    for (const column of columns) {
      const property = properties.get(column.columnName);
      if (!property) {
        problems.push(`${typed.interfaceName}: column ${table}.${column.columnName} has no property`);
        continue;
      }
      problems.push(...compareColumn(column, `${typed.interfaceName}.${property.property}`, property.type, neverNullUsed));
    }
    const inDatabase = new Set(columns.map((column) => column.columnName));
    for (const [column, { property }] of properties) {
      if (!inDatabase.has(column)) problems.push(`${typed.interfaceName}.${property}: no column ${table}.${column} in the database`);
    }
  }
  for (const [table, { property, interfaceName }] of schema.tables) {
    if (!database.has(table)) problems.push(`Database.${property} (${interfaceName}): no table ${table} in the database`);
  }
  for (const key of Object.keys(NEVER_NULL)) {
    if (!neverNullUsed.has(key))
      problems.push(`NEVER_NULL lists ${key}, which is no longer a nullable column typed without null: remove it`);
  }
  return problems;
}

describe('schema.ts against the migrated database', () => {
  const handle = databaseOfFile();

  it('types every table and column as the migrations make them', async () => {
    const schema = readSchemaFile();
    const database = await readDatabase(handle);
    expect(database.size).toBeGreaterThan(0);
    expect(schema.tables.size).toBeGreaterThan(0);
    expect(compare(schema, database)).toEqual([]);
  });
});
