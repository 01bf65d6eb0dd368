/**
 * The login background (docs/shell.md#screens-and-routes): an eight-pointed-star lattice, the
 * classic geometric motif, as a 96 px SVG tile (≈ 0.5 KB) inlined as a data URI. It ships inside
 * the bundle, so the login page makes no image request and needs no asset loader; the colour
 * gradient and the dark overlay are layered over it in CSS.
 */
const TILE = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><g fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="1.5"><rect x="30" y="30" width="36" height="36"/><rect x="30" y="30" width="36" height="36" transform="rotate(45 48 48)"/><circle cx="48" cy="48" r="9"/><path d="M0 0l18 18M96 0L78 18M0 96l18-18M96 96L78 78M48 0v12M48 84v12M0 48h12M84 48h12"/></g><g fill="#f6c453" fill-opacity="0.22"><circle cx="0" cy="0" r="4"/><circle cx="96" cy="0" r="4"/><circle cx="0" cy="96" r="4"/><circle cx="96" cy="96" r="4"/></g></svg>`;

export const LOGIN_PATTERN_URL = `url("data:image/svg+xml,${encodeURIComponent(TILE)}")`;
