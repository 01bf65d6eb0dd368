import { render, screen } from '@testing-library/react';
import { RemoteRegistryProvider } from '../components/remote-registry-provider';
import type { RemotePagesMap, RemoteRegistry } from '../remote-registry';
import { useRemotePages } from './use-remote-pages';

function Status() {
  const { state } = useRemotePages('mf-reports');
  return <p>{state.status === 'ready' ? 'جاهز' : 'جارٍ التحميل'}</p>;
}

describe('useRemotePages', () => {
  test('a remote that finishes loading between the render and its effect is shown', async () => {
    const pages: RemotePagesMap = { 'dashboard.index': () => null };
    let peeks = 0;
    // Only what the hook and the provider call. The first look (the render) finds nothing
    // loaded; by the time the effect runs, a preload has loaded the remote.
    const registry = {
      peek: () => (++peeks === 1 ? undefined : pages),
      load: () => Promise.resolve(pages),
      invalidate: () => undefined,
    } as unknown as RemoteRegistry;
    render(
      <RemoteRegistryProvider registry={registry}>
        <Status />
      </RemoteRegistryProvider>,
    );
    expect(await screen.findByText('جاهز')).toBeInTheDocument();
  });
});
