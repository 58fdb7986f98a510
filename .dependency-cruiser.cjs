// The layers of docs/architecture.md, enforced on every import (`npm run lint:layers`, part of
// `npm test`). The layers and their paths are listed once, from the ground up, in scripts/layers.cjs:
// an import may stay in its layer or point down, never up, and every module is in exactly one layer.
// One that breaks a rule fails with the rule's name. Type-only imports count too: a type is a dependency.

const layers = require('./scripts/layers.cjs');

const pathOf = (name) => layers.find((layer) => layer.name === name).path;
const EVERY_LAYER = layers.map((layer) => layer.path);

/** One rule per layer: nothing it imports is in a layer above it. */
const nothingAbove = layers.slice(0, -1).map((layer, at) => ({
  name: `${layer.name}-imports-nothing-above-it`,
  comment: `Above ${layer.name}: ${layers
    .slice(at + 1)
    .map((above) => above.name)
    .join(', ')}. Stores and clients are passed down as parameters; the entrypoints wire them.`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: layers.slice(at + 1).map((above) => above.path) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...nothingAbove,
    {
      name: 'service-clients-import-only-leaf-utilities',
      comment:
        'lib/api speaks to the service and knows nothing of storage; what to keep of its answers is the domain’s.',
      severity: 'error',
      from: { path: pathOf('services') },
      to: { path: [pathOf('storage'), pathOf('credentials')] },
    },
    {
      name: 'pages-never-reach-the-credentials-gate',
      comment: 'Only the background reads or writes a stored secret (lib/storage/credentials/).',
      severity: 'error',
      from: { path: [pathOf('pages'), pathOf('messaging')] },
      to: { path: pathOf('credentials') },
    },
    {
      name: 'background-imports-no-page-code',
      comment: 'The background and the pages run in different contexts and talk only through messages.',
      severity: 'error',
      from: { path: pathOf('background') },
      to: { path: pathOf('pages') },
    },
    {
      name: 'pages-do-not-import-each-other',
      comment:
        'Each entrypoint is its own page (popup, options, any new one); what two share goes to components/ or lib/.',
      severity: 'error',
      from: { path: '^entrypoints/([^/.]+)[/.]' },
      to: { path: '^entrypoints/', pathNot: '^entrypoints/$1[/.]' },
    },
    {
      name: 'components-import-no-page',
      comment: 'Shared React pieces serve every page and belong to none.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^entrypoints/' },
    },
    {
      name: 'every-module-in-a-layer',
      comment: 'A module whose path no layer of scripts/layers.cjs names: add its folder to a layer there.',
      severity: 'error',
      from: { pathNot: EVERY_LAYER },
      to: {},
    },
    {
      name: 'every-module-in-a-layer',
      comment: 'A module whose path no layer of scripts/layers.cjs names: add its folder to a layer there.',
      severity: 'error',
      from: {},
      to: { pathNot: EVERY_LAYER },
    },
    {
      name: 'every-module-in-a-layer',
      comment: 'The same, for a module that imports nothing and that nothing imports yet.',
      severity: 'error',
      from: { orphan: true, pathNot: EVERY_LAYER },
      to: {},
    },
    {
      name: 'no-circular-imports',
      severity: 'error',
      from: { path: '^(lib|entrypoints|components)/' },
      to: { circular: true },
    },
    {
      name: 'no-cycle-between-lib-folders',
      comment:
        'Folders of lib/ import each other one way only (lib/policy → lib/workspaces → lib/policy is a loop even when no module is on one).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^lib/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(lib|entrypoints|components)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    // `@/…` is the project root: WXT's alias, whose tsconfig paths (in .wxt/) the resolver cannot read.
    webpackConfig: { fileName: 'scripts/dependency-cruiser-resolve.cjs' },
    reporterOptions: {
      dot: { collapsePattern: '^(lib/[^/]+|entrypoints/[^/]+|components)/' },
      mermaid: { minify: false },
    },
  },
};
