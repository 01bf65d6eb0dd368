import { z } from 'zod';
import {
  access,
  defineEndpoints,
  endpointKeyPrefix,
  endpointQueryKey,
  endpointUrl,
  matchEndpointPath,
  normaliseKeyValue,
} from '../../src';

const things = defineEndpoints('things', {
  list: {
    method: 'GET',
    path: '/things',
    query: z.unknown(),
    response: z.unknown(),
    access: access.authenticated,
    summary: 'قائمة',
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

describe('endpointQueryKey', () => {
  it('gives one key for a numeric id and the same id as text (a route param)', () => {
    expect(endpointQueryKey(things.show, { params: { id: 7 } })).toEqual(
      endpointQueryKey(things.show, { params: { id: '7' } }),
    );
    expect(endpointQueryKey(things.show, { params: { id: 7 } })).toEqual([
      'things',
      'things.show',
      { id: '7' },
      null,
    ]);
  });

  it('drops absent and empty query values and sorts the keys', () => {
    const a = endpointQueryKey(things.list, {
      query: { search: 'أحمد', page: 2, status: undefined, city: '' },
    });
    const b = endpointQueryKey(things.list, { query: { page: '2', search: 'أحمد' } });
    expect(a).toEqual(b);
    expect(Object.keys(a[3] ?? {})).toEqual(['page', 'search']);
  });

  it('keeps lists in their order, as text, and reads no parameters as null', () => {
    expect(normaliseKeyValue({ status: ['approved', 3, true] })).toEqual({
      status: ['approved', '3', 'true'],
    });
    expect(normaliseKeyValue({ status: [] })).toBeUndefined();
    expect(endpointQueryKey(things.list)).toEqual(['things', 'things.list', null, null]);
    expect(endpointQueryKey(things.list, { query: { search: '' } })).toEqual(
      endpointQueryKey(things.list, {}),
    );
  });

  it('keeps different values apart', () => {
    expect(endpointQueryKey(things.show, { params: { id: 7 } })).not.toEqual(
      endpointQueryKey(things.show, { params: { id: 8 } }),
    );
  });

  it('starts with the endpoint prefix used by invalidation', () => {
    expect(endpointQueryKey(things.show, { params: { id: 1 } }).slice(0, 2)).toEqual([
      ...endpointKeyPrefix(things.show),
    ]);
  });
});

describe('matchEndpointPath', () => {
  it('reads the path parameters of a URL of the declared path', () => {
    expect(matchEndpointPath(things.show, '/things/7')).toEqual({ id: '7' });
    expect(matchEndpointPath(things.child, '/things/7/children/a%20b')).toEqual({
      id: '7',
      childId: 'a b',
    });
    expect(matchEndpointPath(things.list, '/things')).toEqual({});
  });

  it('refuses another path', () => {
    expect(matchEndpointPath(things.show, '/things')).toBeNull();
    expect(matchEndpointPath(things.show, '/things/7/children/1')).toBeNull();
    expect(matchEndpointPath(things.list, '/thingsX')).toBeNull();
  });

  it('is the inverse of endpointUrl', () => {
    const url = endpointUrl(things.child, { id: 3, childId: 'x/y' });
    expect(matchEndpointPath(things.child, url)).toEqual({ id: '3', childId: 'x/y' });
  });
});
