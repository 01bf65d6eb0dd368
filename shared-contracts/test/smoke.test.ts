import { z } from 'zod';
import { ARABIC_MESSAGES, createSessionStore, indexedDbKeyProvider, titleForPath } from '../src/index';

test('smoke', async () => {
  const r = z.object({ a: z.string().min(3), b: z.number().min(2), c: z.enum(['x']) }).safeParse({ a: 'x', b: 1, c: 'y' });
  expect(r.success).toBe(false);
  if (!r.success) expect(r.error.issues.map((i) => i.message)).toEqual([ARABIC_MESSAGES.stringMin(3), ARABIC_MESSAGES.numberMin(2), ARABIC_MESSAGES.invalidEnum]);
  expect(titleForPath('/employee-permissions/permissions/edit/3')).toBe('الصلاحيات');
  const store = createSessionStore(localStorage, indexedDbKeyProvider());
  await store.save('t', { id: 1, name: 'n', email: 'e@x.y', active: true, permissions: [] });
  expect((await store.readEmployee())?.name).toBe('n');
});
