// jsdom with two things from Node that jsdom lacks or gets wrong for this code:
// - Node's own structuredClone, which (unlike a v8 serialize shim) clones CryptoKey objects as
//   browsers do, so the session key can be kept in (fake) IndexedDB;
// - the Fetch API classes a react-router data router needs (`new Request(...)` on every
//   navigation: useBlocker, createMemoryRouter). jsdom has none of them, and Node's Request only
//   accepts Node's own AbortSignal, so the abort classes come from Node too.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal'];

class JsdomWithNodeExtras extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.structuredClone = structuredClone;
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithNodeExtras;
