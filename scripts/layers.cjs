// The layers of docs/architecture.md, from the ground up: the one list of which paths belong to each.
// Read by the layer rules (.dependency-cruiser.cjs), which make every module of lib/, entrypoints/ and
// components/ belong to exactly one layer and import only its own layer and those below, and by the
// picture in the doc (scripts/architecture-graph.ts). The domain is five sub-layers (`domain: true`),
// ordered like the rest. Entrypoints are matched by pattern: a new folder under entrypoints/ is a page unless it is the
// background.
module.exports = [
  {
    name: 'leaf',
    label: 'leaf utilities: async, clipboard, crypto,<br>csv, hash, text, time, url, i18n, result…',
    path: '^lib/(i18n|message-ref|result|environment|schema-parts|secrets)[.]ts$|^lib/(async|clipboard|crypto|csv|hash|text|time|url)/',
  },
  { name: 'storage', label: 'lib/storage<br>(keys, shapes, migrations)', path: '^lib/storage/(?!credentials/)' },
  {
    name: 'credentials',
    label: 'lib/storage/credentials<br>(the credentials gate)',
    path: '^lib/storage/credentials/',
  },
  { name: 'services', label: 'lib/api<br>(service clients)', path: '^lib/api/' },
  {
    name: 'records',
    domain: true,
    label: 'domain 1: lib/policy, activity<br>(what the organisation set, what was done)',
    path: '^lib/(activity|policy)/',
  },
  {
    name: 'workspaces',
    domain: true,
    label: 'domain 2: lib/workspaces<br>(the list, managed marks, API health)',
    path: '^lib/workspaces/',
  },
  { name: 'connection', domain: true, label: 'domain 3: lib/connection', path: '^lib/connection/' },
  { name: 'jobs', domain: true, label: 'domain 4: lib/jobs<br>(the one job runner)', path: '^lib/jobs/' },
  {
    name: 'operations',
    domain: true,
    label:
      'domain 5: lib/user-groups, projects, lock,<br>setup-file, workspace-management, notifications,<br>context-menu, tabs, commands',
    path: '^lib/(commands|context-menu|lock|notifications|projects|setup-file|tabs|user-groups|workspace-management)/',
  },
  { name: 'messaging', label: 'lib/messaging<br>(the protocol)', path: '^lib/messaging/' },
  {
    name: 'pages',
    label: 'entrypoints (popup, options…),<br>components, lib/stores',
    path: '^(entrypoints/(?!background[./])|components/|lib/stores/)',
  },
  { name: 'background', label: 'entrypoints/background<br>(wiring)', path: '^entrypoints/background[./]' },
];
