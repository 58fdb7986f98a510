// For dependency-cruiser only (.dependency-cruiser.cjs): WXT's `@/` alias, the project root.
module.exports = { resolve: { alias: { '@': require('path').resolve(__dirname, '..') } } };
