// What the build defines beside WXT's own `import.meta.env` (wxt.config.ts, `vite().define`).
interface ImportMetaEnv {
  /** The build's message catalogs as one id (scripts/locale-catalog.ts `catalogId`); absent in unit tests. */
  readonly CATALOG_ID?: string;
}
