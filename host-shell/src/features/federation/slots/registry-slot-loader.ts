import type { ComponentType } from 'react';
import { z } from 'zod';
import { REMOTE_PANELS_EXPOSE } from 'shared-contracts';
import type { SlotLoader, SlotPanelRequest } from 'shared-ui';
import { RemoteLoadError } from '../remote-load-error';
import type { RemoteRegistry } from '../remote-registry';

// A lazy component is an object ($$typeof), a plain one a function (as for pages).
const panelComponentSchema = z.custom<ComponentType<object>>(
  (value) =>
    typeof value === 'function' ||
    (typeof value === 'object' && value !== null && '$$typeof' in value),
  'not a React component',
);
const panelsModuleSchema = z.object({ default: z.record(z.string(), panelComponentSchema) });

const keyOf = (request: SlotPanelRequest) => `${request.remote}/${request.panelId}`;

/**
 * The slot loader the host installs for `<Slot>` (docs/architecture.md#federation): a contributed
 * panel comes from its remote's `./panels` module, loaded through the same registry as pages —
 * remotes.json's version, the contracts check, the retries — and looked up by panel id. A panel's
 * promise is kept while it succeeds (every slot showing it renders at once, without a loading
 * flash); a failure is not kept, so the next visit to the page tries again.
 */
export function createRegistrySlotLoader(
  registry: Pick<RemoteRegistry, 'loadExposed' | 'invalidateExposed'>,
): SlotLoader {
  const panels = new Map<string, Promise<ComponentType<object>>>();

  const loadPanel = async (request: SlotPanelRequest): Promise<ComponentType<object>> => {
    const { remote, panelId } = request;
    const parsed = panelsModuleSchema.safeParse(
      await registry.loadExposed(remote, REMOTE_PANELS_EXPOSE),
    );
    if (!parsed.success) {
      throw new RemoteLoadError(remote, {
        kind: 'failed',
        cause: new Error(`${remote}: ${REMOTE_PANELS_EXPOSE} is not a panel map`),
      });
    }
    const panel = parsed.data.default[panelId];
    if (!panel) {
      throw new RemoteLoadError(remote, {
        kind: 'failed',
        cause: new Error(`${remote} has no panel ${panelId}`),
      });
    }
    return panel;
  };

  return {
    load(request) {
      const key = keyOf(request);
      const known = panels.get(key);
      if (known) return known;
      const promise = loadPanel(request);
      panels.set(key, promise);
      promise.catch(() => {
        if (panels.get(key) === promise) panels.delete(key);
      });
      return promise;
    },
    forget(request) {
      panels.delete(keyOf(request));
      registry.invalidateExposed(request.remote, REMOTE_PANELS_EXPOSE);
    },
  };
}
