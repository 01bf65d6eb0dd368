// jsdom lacks what react-router 7, Web Crypto and IndexedDB need
// (docs/architecture.md#tests-and-ci).
const { TextEncoder, TextDecoder } = require('node:util');
const { webcrypto } = require('node:crypto');
require('fake-indexeddb/auto');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}
