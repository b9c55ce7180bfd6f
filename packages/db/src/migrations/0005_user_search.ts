import { USER_SEARCH_INDEXES_0003 } from './0003_list_indexes';
import { statementMigration } from './statement-migration';

/**
 * The admin user search in one column: the e-mail, "first last" and the id, lower-cased, one per line, with
 * one trigram index. Matching three ILIKEs against three indexes made PostgreSQL recheck every user for a
 * common name (a count of 20 ms over 10,000 users for "maria", 0.35 ms this way).
 *
 * Every money move updates its member's row. Without free room on the row's page PostgreSQL writes the
 * new version elsewhere and adds it to every index, this one's some 60 trigrams included; a fillfactor of
 * 90 leaves room for such updates on the same page (HOT updates, which touch no index). The trigram index
 * takes its additions at once (fastupdate off) rather than in a pending list that every search then reads
 * in full: after a benchmark's 20,000 updates the list held 281 pages and the planner gave up the index.
 */
const statements = [
  `ALTER TABLE users ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(email || chr(10) || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || chr(10) || id)
  ) STORED`,
  'CREATE INDEX users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops) WITH (fastupdate = off)',
  'ALTER TABLE users SET (fillfactor = 90)',
  'DROP INDEX users_email_trgm_idx',
  'DROP INDEX users_full_name_trgm_idx',
  'DROP INDEX users_id_trgm_idx',
];

export const { up, down } = statementMigration({
  up: statements,
  down: ['ALTER TABLE users RESET (fillfactor)', ...USER_SEARCH_INDEXES_0003, 'ALTER TABLE users DROP COLUMN search_text'],
});
