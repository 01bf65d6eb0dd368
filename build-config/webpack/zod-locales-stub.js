// zod re-exports all of its ~40 locale bundles as `z.locales`, and a shared library is bundled
// whole, so every build carried ≈ 36 KB gzip of translations nobody loads: the product's messages
// come from the Arabic error map in shared-contracts, and zod's own English default is imported
// by zod directly (classic/external.js → locales/en.js), not through this index.
module.exports = {};
