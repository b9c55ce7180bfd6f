import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** Where a frame's code lives: a package under node_modules, a workspace package, Node itself, or V8. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node (core)';
  const workspace = url.match(/\/(apps|packages)\/([^/]+)\//);
  if (workspace) return `@app/${workspace[2]} (workspace)`;
  return url;
}

export interface ProfileSummary {
  file: string;
  totalSamples: number;
  byOwner: { owner: string; share: number }[];
  topFunctions: { name: string; share: number }[];
}

/** Self time of a .cpuprofile, by owning package and by function, as shares of all samples. */
export function summarizeProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<number, number>();
  for (const sample of profile.samples) hits.set(sample, (hits.get(sample) ?? 0) + 1);
  const total = profile.samples.length;

  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, count] of hits) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const owner = ownerOf(url, functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + count);
    const name = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''} [${owner}]`;
    functions.set(name, (functions.get(name) ?? 0) + count);
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => ({ name, share: count / total }));
  return {
    file,
    totalSamples: total,
    byOwner: ranked(owners).map(({ name, share }) => ({ owner: name, share })),
    topFunctions: ranked(functions),
  };
}

/** The .cpuprofile files a `node --cpu-prof --cpu-prof-dir=dir` process wrote. */
export function profilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(dir, name));
}

export function profileMarkdown(title: string, summary: ProfileSummary): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  return [
    `### ${title}`,
    '',
    `${summary.totalSamples} samples (${path.basename(summary.file)}). Self time by owner:`,
    '',
    '| owner | self time |',
    '| --- | ---: |',
    ...summary.byOwner.map(({ owner, share }) => `| ${owner} | ${percent(share)} |`),
    '',
    'Hottest functions (self time):',
    '',
    '| function | self time |',
    '| --- | ---: |',
    ...summary.topFunctions.map(({ name, share }) => `| \`${name.replaceAll('|', '\\|')}\` | ${percent(share)} |`),
    '',
  ].join('\n');
}
