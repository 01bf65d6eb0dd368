import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { access, defineEndpoints, endpointQueryKey } from 'shared-contracts';
import { useInvalidateEndpoints } from '../src';

const spec = <const P extends string>(path: P) => ({
  method: 'GET' as const,
  path,
  response: z.unknown(),
  access: access.authenticated,
  summary: 'قراءة',
});
const things = defineEndpoints('things', { list: spec('/things'), show: spec('/things/:id') });
const others = defineEndpoints('others', { list: spec('/others') });

function cacheWithAnswers() {
  const queryClient = new QueryClient();
  const keys = {
    thingsList: endpointQueryKey(things.list, {}),
    thing7: endpointQueryKey(things.show, { params: { id: 7 } }),
    othersList: endpointQueryKey(others.list, {}),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { data: [] });
  const stale = () =>
    Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [
        name,
        queryClient.getQueryState(key)?.isInvalidated ?? false,
      ]),
    );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, stale, wrapper };
}

describe('useInvalidateEndpoints', () => {
  it('marks stale every answer of the given declarations, whatever their parameters', async () => {
    const { stale, wrapper } = cacheWithAnswers();
    const { result } = renderHook(() => useInvalidateEndpoints(), { wrapper });
    await act(() => result.current(things.show));
    expect(stale()).toEqual({ thingsList: false, thing7: true, othersList: false });
  });

  it('takes whole tables', async () => {
    const { stale, wrapper } = cacheWithAnswers();
    const { result } = renderHook(() => useInvalidateEndpoints(), { wrapper });
    await act(() => result.current(things, others));
    expect(stale()).toEqual({ thingsList: true, thing7: true, othersList: true });
  });

  it("finds a record saved under its number when read under the address's text id", () => {
    const { queryClient } = cacheWithAnswers();
    queryClient.setQueryData(endpointQueryKey(things.show, { params: { id: 8 } }), 'saved');
    expect(queryClient.getQueryData(endpointQueryKey(things.show, { params: { id: '8' } }))).toBe(
      'saved',
    );
  });
});
