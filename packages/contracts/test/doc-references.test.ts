import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code and pages point at docs/<page>.md#<section>, and the pages link to each other: each such reference
 * must name a file of the repository and, for a page, a heading on it; and nothing may point at the design
 * documents the repository grew from (a design page, a spec/ page), which a reader of the repository alone
 * does not have.
 */
const root = path.resolve(import.meta.dirname, '../../..');
/** This file, whose examples of broken references are not references. */
const SELF = 'packages/contracts/test/doc-references.test.ts';
/** endpoints.json mirrors the contract the product was given, word for word, and names its sources. */
const MIRRORS = new Set(['packages/contracts/endpoints.json']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|yml|yaml)$/;
/** The pages whose relative links are checked: the documentation, the README and the security model. */
const PAGES = /^(docs\/[^/]+\.md|README\.md|SECURITY\.md)$/;
/** A design document from outside the repository: any design page by that name, any page under a spec/ folder. */
const OUTSIDE = /DESIGN\.md|\bspec\/[^\s)'"`]*\.md/;

const trackedFiles = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEXT_FILE.test(file) && !MIRRORS.has(file) && existsSync(path.join(root, file)));

/**
 * GitHub's anchor for a heading's text: lower case, every character but letters, digits, spaces, `-` and
 * `_` dropped, each space a hyphen. Inline code and link markup count by their text only.
 */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The lines of a markdown page outside its fenced code blocks, with their line numbers. */
function proseLines(text: string): { text: string; line: number }[] {
  let fence: string | null = null;
  return text.split('\n').flatMap((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return [];
    }
    return fence === null ? [{ text: line, line: index + 1 }] : [];
  });
}

/** A page's heading anchors as GitHub makes them: the second heading of the same text gets `-1`, the third `-2`. */
function anchorsIn(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.+?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(page: string): Set<string> {
  let anchors = anchorCache.get(page);
  if (!anchors) {
    anchors = anchorsIn(readFileSync(path.join(root, page), 'utf8'));
    anchorCache.set(page, anchors);
  }
  return anchors;
}

interface Reference {
  /** Where the reference is written: file and line. */
  place: string;
  /** The file it names, relative to the repository's root. */
  target: string;
  anchor: string | undefined;
}

/** Whether a reference names an existing file and, when it names a heading of a markdown page, that heading. */
function resolves({ target, anchor }: Reference): boolean {
  if (!existsSync(path.join(root, target))) return false;
  return anchor === undefined || !target.endsWith('.md') || anchorsOf(target).has(anchor);
}

const describeReference = ({ place, target, anchor }: Reference) => `${place} ${target}${anchor === undefined ? '' : `#${anchor}`}`;

/** docs/<page>.md#<section> written anywhere: in code comments, messages, pages. */
function docReferencesIn(file: string): Reference[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  return lines.flatMap((text, index) =>
    [...text.matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((match) => ({
      place: `${file}:${index + 1}`,
      target: `docs/${match[1]}`,
      anchor: match[2],
    })),
  );
}

/** The relative links of a markdown page, inline (`[x](architecture.md#y)`, `(#y)`) or as definitions (`[x]: ../SECURITY.md`). */
function relativeLinksIn(file: string, text: string): Reference[] {
  return proseLines(text).flatMap(({ text: line, line: number }) => {
    const prose = line.replace(/`[^`]*`/g, '');
    const destinations = [
      ...[...prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)/g)].map((match) => match[1] ?? ''),
      ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((match) => match[1] ?? ''),
    ];
    return destinations
      .filter((destination) => destination !== '' && !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(destination))
      .map((destination) => {
        const [linkPath = '', anchor] = destination.split('#', 2);
        const target = linkPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(linkPath)));
        return {
          place: `${file}:${number}`,
          target: target.replace(/\/$/, ''),
          anchor: anchor === undefined ? undefined : decodeURI(anchor),
        };
      });
  });
}

describe('references to the documentation', () => {
  const references = trackedFiles.filter((file) => file !== SELF).flatMap(docReferencesIn);

  it('are many: the code explains itself through docs/', () => {
    expect(references.length).toBeGreaterThan(100);
  });

  it('each name a page of docs/ and a heading on it', () => {
    expect(references.filter((reference) => !resolves(reference)).map(describeReference)).toEqual([]);
  });

  it('never point at documents outside the repository', () => {
    const outside = trackedFiles.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((text, index) => (OUTSIDE.test(text) ? [`${file}:${index + 1}`] : [])),
    );
    expect(outside.filter((place) => !place.startsWith(`${SELF}:`))).toEqual([]);
  });
});

describe('links between the pages', () => {
  const pages = trackedFiles.filter((file) => PAGES.test(file));
  const links = pages.flatMap((page) => relativeLinksIn(page, readFileSync(path.join(root, page), 'utf8')));

  it('are read from the documentation, the README and SECURITY.md', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'docs/architecture.md']));
    expect(links.length).toBeGreaterThan(20);
  });

  it('each name a file of the repository and, on a page, a heading of it', () => {
    expect(links.filter((link) => !resolves(link)).map(describeReference)).toEqual([]);
  });
});

describe('anchors', () => {
  it('are made as GitHub makes them', () => {
    expect(slug('Identity and access')).toBe('identity-and-access');
    expect(slug('`packages/api` files: router.ts, service.ts')).toBe('packagesapi-files-routerts-servicets');
    expect(slug('snake_case and kebab-case')).toBe('snake_case-and-kebab-case');
    expect(slug('Money & time')).toBe('money--time');
    expect(slug('See [Uploads](#uploads)')).toBe('see-uploads');
  });

  it('number a repeated heading -1, -2, and ignore code blocks', () => {
    const page = ['# Notes', '## Example', '```bash', '# not a heading', '```', '## Example', '## Example'].join('\n');
    expect([...anchorsIn(page)]).toEqual(['notes', 'example', 'example-1', 'example-2']);
  });

  it('are checked in links, so a link to a missing heading or file is found', () => {
    const text = '[a](testing.md#no-such-heading) [b](#forms) [c](#nope) [d](../NOPE.md) [e](https://example.com) [f](../SECURITY.md)';
    const links = relativeLinksIn('docs/architecture.md', text);
    expect(links.map(describeReference)).toEqual([
      'docs/architecture.md:1 docs/testing.md#no-such-heading',
      'docs/architecture.md:1 docs/architecture.md#forms',
      'docs/architecture.md:1 docs/architecture.md#nope',
      'docs/architecture.md:1 NOPE.md',
      'docs/architecture.md:1 SECURITY.md',
    ]);
    expect(links.map(resolves)).toEqual([false, true, false, false, true]);
  });
});
