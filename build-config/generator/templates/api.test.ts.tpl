import {
  __CONST___MESSAGES,
  __SCAMEL__InputSchema,
  __SCAMEL__ListResponseSchema,
  __SCAMEL__ResponseSchema,
} from 'shared-contracts/resources/__NAME__-contracts';
import { describeEachDatabase } from './support/harness';

describe('__NAME__ contracts', () => {
  test('the input trims the name, defaults active and answers in Arabic', () => {
    expect(__SCAMEL__InputSchema.parse({ name: '  __SAMPLE__  ' })).toMatchObject({
      name: '__SAMPLE__',
      active: true,
    });
    const refused = __SCAMEL__InputSchema.safeParse({ name: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/[\u0600-\u06FF]/);
  });
});

describeEachDatabase('__NAME__', (h) => {
  let token = '';
  let reader = '';

  beforeAll(async () => {
    token = (await h.createEmployee({ permissions: ['show___KEY__', 'create___KEY__', 'edit___KEY__'] })).token;
    reader = (await h.createEmployee({ permissions: ['show___KEY__'] })).token;
  });

  test('creates, lists, updates and deletes, each change with its activity-log row', async () => {
    const created = await h.request('POST', '/api__PATH__', { token, body: { name: '__SAMPLE__' } });
    expect(created.statusCode).toBe(201);
    const { data, message } = __SCAMEL__ResponseSchema.parse(created.json());
    expect(message).toBe(__CONST___MESSAGES.created);
    expect(data).toMatchObject({ name: '__SAMPLE__', description: null, active: true });

    const list = await h.request('GET', '/api__PATH__?search=__SAMPLE__', { token: reader });
    expect(list.statusCode).toBe(200);
    expect(__SCAMEL__ListResponseSchema.parse(list.json()).data.map((row) => row.id)).toContain(data.id);

    const updated = await h.request('PUT', `/api__PATH__/${data.id}`, {
      token,
      body: { name: '__SAMPLE__', description: 'وصف', active: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(__SCAMEL__ResponseSchema.parse(updated.json()).data).toMatchObject({ active: false, description: 'وصف' });

    const deleted = await h.request('DELETE', `/api__PATH__/${data.id}`, { token });
    expect(deleted.statusCode).toBe(200);
    expect((await h.request('GET', `/api__PATH__/${data.id}`, { token })).statusCode).toBe(404);

    const rows = (await h.activityRows()).filter(
      (row) => row.entity_type === '__ENTITY__' && row.entity_id === String(data.id),
    );
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  test('a duplicate name is a 409 on its field, and nothing is written', async () => {
    const body = { name: '__SAMPLE__ الثاني' };
    expect((await h.request('POST', '/api__PATH__', { token, body })).statusCode).toBe(201);
    const before = await h.rowCounts(['__TABLE__', 'activity_log']);
    const again = await h.request('POST', '/api__PATH__', { token, body });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: { name: [__CONST___MESSAGES.duplicateName] } });
    expect(await h.rowCounts(['__TABLE__', 'activity_log'])).toEqual(before);
  });

  test('a reader may list but not write (403)', async () => {
    const refused = await h.request('POST', '/api__PATH__', { token: reader, body: { name: '__SAMPLE__ الثالث' } });
    expect(refused.statusCode).toBe(403);
  });
});
