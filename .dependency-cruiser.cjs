/**
 * The packages' layering as rules (docs/architecture.md#layering-rules), checked by `pnpm lint`.
 * Type-only imports count: a cycle of types still ties two files together for a reader.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file must not import itself through others: split the shared part into its own file.',
      from: {
        // The one cycle left, through a lazily loaded dialog that imports its opener's type back: member-web
        // is regrouped in a later pass of the same issue (docs/architecture.md#layering-rules).
        pathNot: '^apps/member-web/src/components/earning/proof-of-view(-dialog)?[.]tsx$',
      },
      to: { circular: true },
    },
    {
      name: 'lib-is-a-leaf',
      severity: 'error',
      comment: 'packages/api/src/lib is what every domain uses: it never imports a domain or the request context.',
      from: { path: '^packages/api/src/lib/' },
      to: { path: '^packages/api/src/', pathNot: '^packages/api/src/lib/' },
    },
    {
      name: 'web-apps-reach-the-router-through-client',
      severity: 'error',
      comment: 'The web apps call the server through packages/client, never packages/api.',
      from: { path: '^apps/(member|admin|commission)-web/' },
      to: { path: '^packages/api/' },
    },
    {
      name: 'client-imports-only-the-router-type',
      severity: 'error',
      comment: "packages/client knows the API only as the router's type: no server code reaches a browser bundle.",
      from: { path: '^packages/client/' },
      to: { path: '^packages/api/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'testkit-only-in-tests',
      severity: 'error',
      comment: 'The test toolkit is for test files only.',
      from: { path: '^(packages|apps)/[^/]+/src/', pathNot: ['^packages/testkit/', '[.]test[.]tsx?$'] },
      to: { path: '^packages/testkit/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '[.]gen[.]ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'types', 'import', 'default'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
