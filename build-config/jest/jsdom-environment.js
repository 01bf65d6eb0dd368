// jsdom with Node's own structuredClone, which (unlike a v8 serialize shim) clones CryptoKey
// objects as browsers do, so the session key can be kept in (fake) IndexedDB.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithNodeClone extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.structuredClone = structuredClone;
  }
}

module.exports = JsdomWithNodeClone;
