import { REMOTES, routesOf, type RemotePages } from 'shared-contracts';
import packageJson from '../package.json';
import pages from '../src/pages';

const REMOTE = 'mf-beneficiaries';
const REACT_LAZY = Symbol.for('react.lazy');

describe('mf-beneficiaries ./pages', () => {
  it('maps exactly the page ids the route table gives mf-beneficiaries, in table order', () => {
    expect(Object.keys(pages)).toEqual(routesOf(REMOTE).map((route) => route.pageId));
  });

  it('cannot compile without one of its pages (checked by tsc in `pnpm typecheck`)', () => {
    const { 'families.list': dropped, ...withoutOne } = pages;
    // @ts-expect-error a map missing one of the remote's page ids is not a RemotePages<'mf-beneficiaries'>
    const incomplete: RemotePages<'mf-beneficiaries'> = withoutOne;
    expect(Object.keys(incomplete)).not.toContain('families.list');
    expect(dropped).toBeDefined();
  });

  it('gives every page a lazily loaded component', () => {
    for (const component of Object.values(pages)) {
      expect((component as unknown as { $$typeof: symbol }).$$typeof).toBe(REACT_LAZY);
    }
  });

  it('builds its container under the name and dev port shared-contracts gives it', () => {
    expect(packageJson.federation).toEqual({
      container: REMOTES[REMOTE].container,
      devPort: REMOTES[REMOTE].devPort,
    });
  });
});
