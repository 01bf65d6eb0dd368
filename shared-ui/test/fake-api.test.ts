import { AxiosError } from 'axios';
import { z } from 'zod';
import { access, defineEndpoints } from 'shared-contracts';
import { createFakeApi, createFakeApiClient } from '../testing';

const things = defineEndpoints('things', {
  list: {
    method: 'GET',
    path: '/things',
    response: z.unknown(),
    access: access.authenticated,
    summary: 'قائمة',
  },
  create: {
    method: 'POST',
    path: '/things',
    body: z.unknown(),
    response: z.unknown(),
    access: access.authenticated,
    summary: 'إضافة',
  },
  check: {
    method: 'GET',
    path: '/things/check',
    response: z.unknown(),
    access: access.authenticated,
    summary: 'فحص',
  },
  show: {
    method: 'GET',
    path: '/things/:id',
    response: z.unknown(),
    access: access.authenticated,
    summary: 'عرض',
  },
  child: {
    method: 'GET',
    path: '/things/:id/children/:childId',
    response: z.unknown(),
    access: access.authenticated,
    summary: 'عرض',
  },
});

async function networkErrorOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AxiosError ? error.code : 'not an AxiosError';
  }
}

describe('createFakeApi keyed by declarations', () => {
  it("answers a param path's calls and hands the handler its params", async () => {
    const api = createFakeApi();
    api.on(things.show, (call) => ({ status: 200, data: { id: call.pathParams.id } }));
    api.on(things.child, (call) => ({ status: 200, data: call.pathParams }));
    const client = createFakeApiClient(api);
    expect((await client.get('/things/7')).data).toEqual({ id: '7' });
    expect((await client.get('/things/8/children/a%20b')).data).toEqual({
      id: '8',
      childId: 'a b',
    });
    expect(api.callsTo(things.show)).toHaveLength(1);
    expect(api.lastCallTo(things.child)?.pathParams).toEqual({ id: '8', childId: 'a b' });
  });

  it('answers only the given params when asked, and a literal path before a param path', async () => {
    const api = createFakeApi();
    api.on(things.show, { status: 200, data: 'any' });
    api.on(things.show, { params: { id: 7 } }, { status: 200, data: 'seven' });
    api.on(things.check, { status: 200, data: 'check' });
    const client = createFakeApiClient(api);
    expect((await client.get('/things/7')).data).toBe('seven');
    expect((await client.get('/things/9')).data).toBe('any');
    expect((await client.get('/things/check')).data).toBe('check');
    expect(api.callsTo(things.show, { params: { id: 7 } })).toHaveLength(1);
    expect(api.callsTo(things.show)).toHaveLength(2);
  });

  it('keeps methods apart: a POST handler never answers a GET of the same path', async () => {
    const api = createFakeApi();
    api.on(things.create, (call) => ({ status: 201, data: call.body }));
    const client = createFakeApiClient(api);
    expect(await networkErrorOf(client.get('/things'))).toBe(AxiosError.ERR_NETWORK);
    expect((await client.post('/things', { name: 'أ' })).data).toEqual({ name: 'أ' });
    expect(api.callsTo(things.list)).toHaveLength(1);
    expect(api.callsTo(things.create)).toHaveLength(1);
  });

  it('fails an unhandled call like a network error, and a later handler replaces an earlier one', async () => {
    const api = createFakeApi();
    const client = createFakeApiClient(api);
    expect(await networkErrorOf(client.get('/things/7/children'))).toBe(AxiosError.ERR_NETWORK);
    api.on(things.list, { status: 200, data: 'first' });
    api.on(things.list, { status: 200, data: 'second' });
    expect((await client.get('/things')).data).toBe('second');
  });

  it("still answers a hand-written 'METHOD', '/path' for a call with no declaration", async () => {
    const api = createFakeApi();
    api.on('GET', '/not-declared', { status: 200, data: 'ok' });
    const client = createFakeApiClient(api);
    expect((await client.get('/not-declared')).data).toBe('ok');
    expect(api.callsTo('GET', '/not-declared')).toHaveLength(1);
  });
});
