// The checks of a remote's `./panels` expose (cross-remote panels,
// docs/architecture.md#federation), written once: a remote that the slot table gives panels has
// test/panels.test.ts, which builds one typed, incomplete map (for tsc) and calls
// `describeRemotePanels('<remote>', { … })`.
//
// As in remote-pages-suite.ts, the remote passes the shared-contracts it compiles against:
// build-config sits below every package and does not depend on shared-contracts.

const REACT_LAZY = Symbol.for('react.lazy');

/** What the checks read from shared-contracts (structurally, so any contracts version fits). */
export interface RemotePanelsContracts {
  panelsOf(remote: string): readonly { panelId: string; slot: string }[];
}

export interface RemotePanelsSuiteOptions {
  contracts: RemotePanelsContracts;
  /** The remote's `./panels` default export. */
  panels: Readonly<Record<string, unknown>>;
  /**
   * `withoutPanel(panels, <one panel id>)`, assigned by the caller to its `RemotePanels<remote>`
   * under `@ts-expect-error`: `pnpm typecheck` then fails if a map missing a panel ever compiles.
   */
  incomplete: object;
}

/** `panels` without one panel id, typed as such (the rest of the map is kept). */
export function withoutPanel<P extends object, K extends keyof P>(
  panels: P,
  panelId: K,
): Omit<P, K> {
  const { [panelId]: _dropped, ...rest } = panels;
  return rest;
}

/** `describe('<remote> ./panels')`: ids in table order, the compile check, lazy panels. */
export function describeRemotePanels(
  remote: string,
  { contracts, panels, incomplete }: RemotePanelsSuiteOptions,
) {
  describe(`${remote} ./panels`, () => {
    it(`maps exactly the panels the slot table gives ${remote}, in table order`, () => {
      const expected = contracts.panelsOf(remote).map((entry) => entry.panelId);
      expect(expected.length).toBeGreaterThan(0);
      expect(Object.keys(panels)).toEqual(expected);
    });

    it('cannot compile without one of its panels (checked by tsc in `pnpm typecheck`)', () => {
      const dropped = Object.keys(panels).filter((panelId) => !(panelId in incomplete));
      expect(dropped).toHaveLength(1);
      expect(Object.keys(incomplete)).toHaveLength(Object.keys(panels).length - 1);
    });

    it('gives every panel a lazily loaded component (its own chunk)', () => {
      for (const component of Object.values(panels)) {
        expect((component as { $$typeof?: symbol }).$$typeof).toBe(REACT_LAZY);
      }
    });
  });
}
