import { ARABIC_MESSAGES } from 'shared-contracts';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../src/http/json-body-parser';
import { BENEFICIARY_KEYS, createFamily, familyBody, tableCounts } from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

/**
 * Hostile input on the beneficiaries writes: deep JSON is a clear 400, never a 500; names and
 * free text refuse bidi and other invisible controls. Nothing is written.
 */

const RLO = '\u202E';

describeEachDatabase('security: hostile input', (h) => {
  let token = '';

  beforeAll(async () => {
    token = (await h.createEmployee({ permissions: BENEFICIARY_KEYS })).token;
  });

  describe('JSON nesting limit at the body parser', () => {
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
      expect(
        Object.keys(draft.json<{ errors: object }>().errors).some((key) =>
          key.startsWith('members'),
        ),
      ).toBe(true);
    });
  });

  describe('bidi and invisible controls in names and free text', () => {
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
      const status = await h.request('POST', `/api/families/${family.id}/status`, {
        token,
        body: { status: 'rejected', reason: `ناقص${RLO}الوثائق` },
      });
      expect(status.statusCode).toBe(422);
      expect(status.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([
        ARABIC_MESSAGES.invisibleControls,
      ]);
      const other = await createFamily(h, token);
      const move = await h.request('POST', `/api/family-members/${family.members[2]?.id}/move`, {
        token,
        body: {
          to_family_id: other.id,
          relationship: 'son',
          reason: `انتقل${RLO} للعيش مع أقاربه`,
        },
      });
      expect(move.statusCode).toBe(422);
      expect(move.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([
        ARABIC_MESSAGES.invisibleControls,
      ]);
    });

    test('ZWNJ, which Persian and Urdu names need, is kept', async () => {
      const body = familyBody();
      const name = 'مهر\u200Cانگیز رضا محمد الحربي';
      const family = await createFamily(h, token, {
        ...body,
        head: { ...(body.head as object), full_name: name },
      });
      expect(family.members[0]?.full_name).toBe(name);
    });
  });

  describe('invisible and look-alike characters in names', () => {
    /** The characters the security review got accepted in names, and one of each kind beside them. */
    const LOOK_ALIKES: Record<string, string> = {
      'U+2028 line separator': '\u2028',
      'U+2029 paragraph separator': '\u2029',
      'U+3164 Hangul filler': '\u3164',
      'U+2800 Braille blank': '\u2800',
      'U+115F Hangul choseong filler': '\u115F',
      'U+034F combining grapheme joiner': '\u034F',
      'U+17B4 Khmer inherent vowel': '\u17B4',
      'U+FE0F variation selector': '\uFE0F',
      'U+E0100 variation selector': '\u{E0100}',
      'U+E0041 tag character': '\u{E0041}',
      'ZWNJ beside a space': ' \u200C',
    };

    test.each(Object.entries(LOOK_ALIKES))(
      '%s: 422 with the Arabic name message on a family, a member and an organisation; nothing changed',
      async (_label, char) => {
        const original = familyBody();
        const family = await createFamily(h, token, original);
        const before = await tableCounts(h);
        const errors = (response: { statusCode: number; json: <T>() => T }) => {
          expect(response.statusCode).toBe(422);
          return response.json<{ errors: Record<string, string[]> }>().errors;
        };

        const body = familyBody();
        const created = await h.request('POST', '/api/families', {
          token,
          body: { ...body, head: { ...(body.head as object), full_name: `خالد${char}سعد الحربي` } },
        });
        expect(errors(created)['head.full_name']).toEqual([ARABIC_MESSAGES.invisibleInName]);

        const shown = (await h.request('GET', `/api/families/${family.id}`, { token })).json<{
          data: unknown;
        }>().data;
        const updated = await h.request('PUT', `/api/families/${family.id}`, {
          token,
          body: {
            ...original,
            head: { ...(original.head as object), id: family.members[0]?.id },
            members: (original.members as Record<string, unknown>[]).map((member, index) => ({
              ...member,
              id: family.members[index + 1]?.id,
              full_name:
                index === 0 ? String(member.full_name).replace(' ', `${char} `) : member.full_name,
            })),
          },
        });
        expect(errors(updated)['members.0.full_name']).toEqual([ARABIC_MESSAGES.invisibleInName]);

        const org = await h.request('POST', '/api/orgs', {
          token,
          body: { name: `جمعية${char}البر`, type: 'donor' },
        });
        expect(errors(org).name).toEqual([ARABIC_MESSAGES.invisibleInName]);

        expect(await tableCounts(h)).toEqual(before);
        const after = (await h.request('GET', `/api/families/${family.id}`, { token })).json<{
          data: unknown;
        }>().data;
        expect(after).toEqual(shown);
      },
    );
  });
});
