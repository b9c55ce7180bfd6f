import { nodeProject } from '../../tooling/vitest.ts';

const project = nodeProject('server', { database: true });
// The server runs on Node, which knows no "module" condition: the test workers leave it out too. With it,
// Node would load the bundler build of packages that list "module" first (the AWS SDK's, whose imports
// lack file extensions) instead of their Node build, and the S3 photo store would not load under test.
const ssrResolve = project.ssr?.resolve;
if (ssrResolve?.conditions) ssrResolve.conditions = ssrResolve.conditions.filter((condition) => condition !== 'module');
export default project;
