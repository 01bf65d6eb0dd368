import { ARABIC_MESSAGES } from 'shared-contracts';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../src/http/json-body-parser';
import { BENEFICIARY_KEYS, createFamily, familyBody, tableCounts } from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

/**
 * Issue 9 — hostile input on the beneficiaries writes: deep JSON is a clear 400, never a 500
 * (#7); names and free text refuse bidi and other invisible controls (#10). Nothing is written.
 */

const RLO = '\u202E';

describeEachDatabase('security: hostile input', (h) => {
  let token = '';

  beforeAll(async () => {
    token = (await h.createEmployee({ permissions: BENEFICIARY_KEYS })).token;
  });

  describe('#7 JSON nesting limit at the body parser', () => {
    test('`[` × 20000 and a draft family nested 20000 deep: 400 in Arabic, nothing written', async () => {
      const before = await tableCounts(h);
      const bare = await h.request('POST', '/api/families', { token, rawBody: '['.repeat(20_000) });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toEqual({ message: JSON_TOO_DEEP_MESSAGE });

      const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
      const draft = await h.request('POST', '/api/families', {
        token,
        rawBody: `{"save_as_draft":true,"head":{"full_name":"خالد سعد الحربي"},"notes":${deep}}`,
      });
      expect(draft.statusCode).toBe(400);
      expect(draft.json()).toEqual({ message: JSON_TOO_DEEP_MESSAGE });
      expect(await tableCounts(h)).toEqual(before);
    });

    test('just inside the limit the body is parsed and refused by its schema (422), brackets in strings do not count', async () => {
      const nested = `${'['.repeat(MAX_JSON_DEPTH - 2)}1${']'.repeat(MAX_JSON_DEPTH - 2)}`;
      const draft = await h.request('POST', '/api/families', {
        token,
        rawBody: `{"save_as_draft":true,"head":{"full_name":"خالد سعد الحربي","occupation":"${'['.repeat(50)}"},"members":${nested}}`,
      });
      expect(draft.statusCode).toBe(422);
      expect(Object.keys(draft.json<{ errors: object }>().errors).some((key) => key.startsWith('members'))).toBe(true);
    });
  });

  describe('#10 bidi and invisible controls in names and free text', () => {
    test('a reversed head name, a bidi mark in notes, an isolate in an income note: 422 on each field', async () => {
      const before = await tableCounts(h);
      const body = familyBody();
      const response = await h.request('POST', '/api/families', {
        token,
        body: {
          ...body,
          head: { ...(body.head as object), full_name: `خالد سعد ${RLO}يبرحلا` },
          notes: 'ملاحظة\u200Fمخفية',
          income_sources: [{ source: 'salary', amount: 1000, notes: '\u2066راتب\u2069' }],
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
        'head.full_name': [ARABIC_MESSAGES.invisibleControls],
        notes: [ARABIC_MESSAGES.invisibleControls],
        'income_sources.0.notes': [ARABIC_MESSAGES.invisibleControls],
      });
      expect(await tableCounts(h)).toEqual(before);
    });

    test('a status reason and a move reason with an override are refused too', async () => {
      const family = await createFamily(h, token);
      const status = await h.request('POST', `/api/families/${family.id}/status`, { token, body: { status: 'rejected', reason: `ناقص${RLO}الوثائق` } });
      expect(status.statusCode).toBe(422);
      expect(status.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([ARABIC_MESSAGES.invisibleControls]);
      const other = await createFamily(h, token);
      const move = await h.request('POST', `/api/family-members/${family.members[2]?.id}/move`, {
        token,
        body: { to_family_id: other.id, relationship: 'son', reason: `انتقل${RLO} للعيش مع أقاربه` },
      });
      expect(move.statusCode).toBe(422);
      expect(move.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([ARABIC_MESSAGES.invisibleControls]);
    });

    test('ZWNJ, which Persian and Urdu names need, is kept', async () => {
      const body = familyBody();
      const name = 'مهر\u200Cانگیز رضا محمد الحربي';
      const family = await createFamily(h, token, { ...body, head: { ...(body.head as object), full_name: name } });
      expect(family.members[0]?.full_name).toBe(name);
    });
  });
});
