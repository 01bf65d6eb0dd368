// build-config's jsdom environment plus the Fetch API classes a react-router data router needs
// (`new Request(...)` on every navigation). jsdom has none of them, and Node's Request only
// accepts Node's own AbortSignal, so the abort classes come from Node too.
const BaseEnvironment = require('../../build-config/jest/jsdom-environment.js');

class JsdomWithFetchEnvironment extends BaseEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
