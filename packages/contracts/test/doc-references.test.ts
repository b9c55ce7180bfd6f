import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code and pages point at docs/<page>.md#<section>: each such reference must name a page of the
 * repository and a heading on it, and nothing may point at the design documents the repository grew from,
 * which a reader of the repository alone does not have.
 */
const root = path.resolve(import.meta.dirname, '../../..');
/** endpoints.json mirrors the contract the product was given, word for word, and names its sources. */
const MIRRORS = new Set(['packages/contracts/endpoints.json']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|yml|yaml)$/;

const trackedFiles = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEXT_FILE.test(file) && !MIRRORS.has(file) && existsSync(path.join(root, file)));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(path.join(root, page), 'utf8');
  return new Set([...text.matchAll(/^#{1,4} (.+)$/gm)].map((match) => slug(match[1] ?? '')));
}

interface Reference {
  file: string;
  line: number;
  page: string;
  anchor: string | undefined;
}

function referencesIn(file: string): Reference[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  return lines.flatMap((text, index) =>
    [...text.matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((match) => ({
      file,
      line: index + 1,
      page: `docs/${match[1]}`,
      anchor: match[2],
    })),
  );
}

describe('references to the documentation', () => {
  const references = trackedFiles.flatMap(referencesIn);

  it('are many: the code explains itself through docs/', () => {
    expect(references.length).toBeGreaterThan(100);
  });

  it('each name a page of docs/ and a heading on it', () => {
    const broken = references.filter((reference) => {
      if (!existsSync(path.join(root, reference.page))) return true;
      return reference.anchor !== undefined && !anchorsOf(reference.page).has(reference.anchor);
    });
    expect(broken.map(({ file, line, page, anchor }) => `${file}:${line} ${page}${anchor ? `#${anchor}` : ''}`)).toEqual([]);
  });

  it('never point at documents outside the repository', () => {
    const outside = trackedFiles.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((text, index) => (/DESIGN\.md|spec\/(member|admin)\.md/.test(text) ? [`${file}:${index + 1}`] : [])),
    );
    expect(outside.filter((place) => !place.startsWith('packages/contracts/test/doc-references.test.ts'))).toEqual([]);
  });
});
