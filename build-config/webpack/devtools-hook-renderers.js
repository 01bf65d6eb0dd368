// Development only, first in the host's entry (dev-loop.js): lets every remote's React Fast
// Refresh reach the one shared react-dom.
//
// Each bundle (the host and every remote container) has its own react-refresh runtime. The host's
// creates a stand-in React DevTools hook before react-dom loads, and that stand-in's `inject` does
// not record the renderer in `hook.renderers`; a remote's runtime, set up later when its
// remoteEntry.js loads, looks for the renderer there, finds none, and its refreshes re-render
// nothing (the page then only changes on a reload). Recording the renderer, as the real DevTools
// hook does, gives every runtime the renderer it needs.
const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (
  hook &&
  typeof hook.inject === 'function' &&
  hook.renderers instanceof Map &&
  !hook.recordsRenderers
) {
  const inject = hook.inject;
  hook.inject = function recordRenderer(internals) {
    const id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, internals);
    return id;
  };
  hook.recordsRenderers = true;
}
