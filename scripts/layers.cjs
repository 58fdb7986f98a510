// The layers of docs/architecture.md, from the ground up: which paths belong to each. Read by the
// layer rules (.dependency-cruiser.cjs) and by the picture in the docs (scripts/architecture-graph.ts).
module.exports = {
  leaf: '^lib/(i18n|message-ref|result|environment|schema-parts|secrets)[.]ts$|^lib/(async|crypto|csv|hash|text|time|url)/',
  credentials: '^lib/storage/credentials/',
  storage: '^lib/storage/',
  services: '^lib/api/',
  domain:
    '^lib/(commands|connection|context-menu|jobs|lock|notifications|policy|projects|setup-file|tabs|user-groups|workspaces)/',
  messaging: '^lib/messaging/',
  pages: '^(entrypoints/(popup|options)|components|lib/stores)/',
  background: '^entrypoints/background/',
};
