import { render, screen } from '@testing-library/react';
import type * as ReactModule from 'react';
import type * as ToastContextModule from '../src/toast/toast-context';
import type { ToastStore } from '../src/toast/toast-store';

// shared-ui is bundled into the host and every remote; two copies must share one toast context.
test('two copies of shared-ui share the toast context, so a remote finds the host provider', () => {
  let first: typeof ToastContextModule | undefined;
  let second: typeof ToastContextModule | undefined;
  // Each copy gets its own module registry, but (as under federation) one shared React.
  const react = jest.requireActual<typeof ReactModule>('react');
  jest.isolateModules(() => {
    jest.doMock('react', () => react);
    // jest.isolateModules needs a synchronous load of a fresh module copy.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    first = require('../src/toast/toast-context');
  });
  jest.isolateModules(() => {
    jest.doMock('react', () => react);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    second = require('../src/toast/toast-context');
  });
  expect(first).toBeDefined();
  expect(second).not.toBe(first);
  expect(second?.ToastContext).toBe(first?.ToastContext);

  const none: never[] = [];
  const store = {
    subscribe: () => () => undefined,
    getSnapshot: () => none,
    toast: () => 'id',
    dismiss: () => undefined,
  } as unknown as ToastStore;
  const HostProvider = first!.ToastContext.Provider;
  function RemoteComponent() {
    const { toast } = second!.useToast();
    return <p>{toast({ title: 'x' })}</p>;
  }
  render(
    <HostProvider value={store}>
      <RemoteComponent />
    </HostProvider>,
  );
  expect(screen.getByText('id')).toBeInTheDocument();
});
