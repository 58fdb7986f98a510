// The layers of docs/architecture.md, enforced on every import (`npm run lint:layers`, part of
// `npm test`). From the ground up: leaf utilities → storage → service clients → domain → messaging →
// entrypoints and components. An import may only point down (or stay in its layer); one that points
// up fails with the name of the rule it breaks. Type-only imports count too: a type is a dependency.

const layers = require('./scripts/layers.cjs');

const LEAF = layers.leaf;
const STORAGE = layers.storage;
const SERVICES = layers.services;
const DOMAIN = layers.domain;
const MESSAGING = layers.messaging;
const PAGES = layers.pages;
const BACKGROUND = layers.background;
const ABOVE_LEAF = [STORAGE, SERVICES, DOMAIN, MESSAGING, PAGES, BACKGROUND];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'leaf-utilities-import-only-leaf-utilities',
      comment: 'lib/{async,crypto,csv,hash,text,time,url}, i18n, message-ref, result, environment: the ground floor.',
      severity: 'error',
      from: { path: LEAF },
      to: { path: ABOVE_LEAF },
    },
    {
      name: 'storage-imports-no-service-client-domain-or-page',
      comment: 'lib/storage owns keys, stored shapes and migrations; domain code takes stores as parameters.',
      severity: 'error',
      from: { path: STORAGE },
      to: { path: [SERVICES, DOMAIN, MESSAGING, PAGES, BACKGROUND] },
    },
    {
      name: 'service-clients-import-no-domain-or-page',
      comment: 'lib/api speaks to the service; what to do with its answers is the domain’s.',
      severity: 'error',
      from: { path: SERVICES },
      to: { path: [DOMAIN, MESSAGING, PAGES, BACKGROUND] },
    },
    {
      name: 'domain-imports-no-messaging-or-entrypoint',
      comment: 'Domain operations take their stores and clients as parameters; the entrypoints wire them.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: [MESSAGING, PAGES, BACKGROUND] },
    },
    {
      name: 'messaging-imports-no-entrypoint',
      comment: 'The protocol is shared by the background and the pages; it knows neither.',
      severity: 'error',
      from: { path: MESSAGING },
      to: { path: [PAGES, BACKGROUND] },
    },
    {
      name: 'components-import-no-page',
      comment: 'Shared React pieces serve every page and belong to none.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^entrypoints/' },
    },
    {
      name: 'pages-and-background-do-not-import-each-other',
      comment: 'They run in different contexts and talk only through messages.',
      severity: 'error',
      from: { path: PAGES },
      to: { path: BACKGROUND },
    },
    {
      name: 'background-imports-no-page-code',
      severity: 'error',
      from: { path: BACKGROUND },
      to: { path: PAGES },
    },
    {
      name: 'popup-and-options-do-not-import-each-other',
      severity: 'error',
      from: { path: '^entrypoints/popup/' },
      to: { path: '^entrypoints/options/' },
    },
    {
      name: 'options-does-not-import-popup',
      severity: 'error',
      from: { path: '^entrypoints/options/' },
      to: { path: '^entrypoints/popup/' },
    },
    {
      name: 'pages-never-reach-the-credentials-gate',
      comment: 'Only the background reads or writes a stored secret (lib/storage/credentials/).',
      severity: 'error',
      from: { path: [PAGES, MESSAGING] },
      to: { path: layers.credentials },
    },
    {
      name: 'no-circular-imports',
      severity: 'error',
      from: { path: '^(lib|entrypoints|components)/' },
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
