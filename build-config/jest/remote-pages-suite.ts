// The checks of a remote's `./pages` expose, written once: a remote's test/pages.test.ts builds one
// typed, incomplete map (for tsc) and calls `describeRemotePages('<remote>', { … })`.
//
// As in remote-config-suite.ts, the remote passes the shared-contracts it compiles against:
// build-config sits below every package and does not depend on shared-contracts.

const REACT_LAZY = Symbol.for('react.lazy');

/** What the checks read from shared-contracts (structurally, so any contracts version fits). */
export interface RemotePagesContracts<Remotes> {
  REMOTES: Remotes;
  routesOf(owner: keyof Remotes & string): readonly { pageId: string }[];
}

export interface RemotePagesSuiteOptions<Remotes> {
  contracts: RemotePagesContracts<Remotes>;
  /** The remote's package.json: its `federation` field mirrors shared-contracts' REMOTES. */
  packageJson: { federation?: unknown };
  /** The remote's `./pages` default export. */
  pages: Readonly<Record<string, unknown>>;
  /**
   * `withoutPage(pages, <one page id>)`, assigned by the caller to its `RemotePages<remote>` under
   * `@ts-expect-error`: `pnpm typecheck` then fails if a map missing a page ever compiles.
   */
  incomplete: object;
}

/** `pages` without one page id, typed as such (the rest of the map is kept). */
export function withoutPage<P extends object, K extends keyof P>(pages: P, pageId: K): Omit<P, K> {
  const { [pageId]: _dropped, ...rest } = pages;
  return rest;
}

/** `describe('<remote> ./pages')`: ids in table order, the compile check, lazy pages, identity. */
export function describeRemotePages<
  Remotes extends Record<keyof Remotes, { readonly container: string; readonly devPort: number }>,
>(
  remote: keyof Remotes & string,
  { contracts, packageJson, pages, incomplete }: RemotePagesSuiteOptions<Remotes>,
) {
  const { REMOTES, routesOf } = contracts;

  describe(`${remote} ./pages`, () => {
    it(`maps exactly the page ids the route table gives ${remote}, in table order`, () => {
      expect(Object.keys(pages)).toEqual(routesOf(remote).map((route) => route.pageId));
    });

    it('cannot compile without one of its pages (checked by tsc in `pnpm typecheck`)', () => {
      // The map the caller's @ts-expect-error is about really lacks one page, and only one.
      const dropped = Object.keys(pages).filter((pageId) => !(pageId in incomplete));
      expect(dropped).toHaveLength(1);
      expect(Object.keys(incomplete)).not.toContain(dropped[0]);
      expect(Object.keys(incomplete)).toHaveLength(Object.keys(pages).length - 1);
      expect(pages[dropped[0] ?? '']).toBeDefined();
    });

    it('gives every page a lazily loaded component', () => {
      for (const component of Object.values(pages)) {
        expect((component as { $$typeof?: symbol }).$$typeof).toBe(REACT_LAZY);
      }
    });

    it('builds its container under the name and dev port shared-contracts gives it', () => {
      expect(packageJson.federation).toEqual({
        container: REMOTES[remote].container,
        devPort: REMOTES[remote].devPort,
      });
    });
  });
}
