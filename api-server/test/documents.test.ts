import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { maySeeMedicalFields } from 'shared-contracts/beneficiaries';
import { DOCUMENT_MESSAGES } from 'shared-contracts/resources/documents-contracts';
import { findActivityFieldLabel } from 'shared-contracts/admin';
import { describeEachDatabase, json, type TestEmployee } from './support/harness';
import { image, jpegWithGps, pdf, scriptedPdf, upload } from './support/documents';

interface DocumentBody {
  data: {
    id: number;
    kind: string;
    file_name: string;
    mime_type: string;
    size: number;
    sha256: string;
    has_thumbnail: boolean;
    member: { id: number; name: string } | null;
    expires_on: string | null;
    uploaded_by: { id: number; name: string } | null;
    uploaded_at: string;
  };
}

interface ListBody {
  data: {
    documents: DocumentBody['data'][];
    deleted: { id: number; kind: string; reason: string; deleted_by: { name: string } | null }[];
  };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Documents through the API (docs/documents.md): what is accepted and refused by content, how
 * images are cleaned, how documents are served, who sees and adds them, what is logged, deletion.
 */
describeEachDatabase(
  'documents',
  (h) => {
    let researcher: TestEmployee; // edits families: sees medical documents
    let viewer: TestEmployee; // only opens families: no medical fields
    let accountant: TestEmployee;
    let familyId: number;
    let memberId: number;
    let otherMemberId: number;
    let serviceId: number;
    let recordId: number;

    beforeAll(async () => {
      researcher = await h.createEmployee({
        name: 'سارة الباحثة',
        permissions: ['show_families', 'edit_families'],
      });
      viewer = await h.createEmployee({ name: 'خالد المطلع', permissions: ['show_families'] });
      accountant = await h.createEmployee({ name: 'فهد المحاسب', permissions: ['show_financial'] });
      expect(maySeeMedicalFields(researcher.row)).toBe(true);
      expect(maySeeMedicalFields(viewer.row)).toBe(false);
      const member = await h.db
        .selectFrom('family_members')
        .select(['id', 'family_id'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      familyId = member.family_id;
      memberId = member.id;
      otherMemberId = (
        await h.db
          .selectFrom('family_members')
          .select('id')
          .where('family_id', '<>', familyId)
          .executeTakeFirstOrThrow()
      ).id;
      serviceId = (
        await h.db
          .selectFrom('services as s')
          .innerJoin('service_types as t', 't.id', 's.service_type_id')
          .select('s.id')
          .where('t.is_medical', '=', false)
          .executeTakeFirstOrThrow()
      ).id;
      recordId = (await h.db.selectFrom('financial_records').select('id').executeTakeFirstOrThrow())
        .id;
    });

    describe('accepted by content', () => {
      test('a PDF is stored as sent, with its hash, size and uploader', async () => {
        const file = pdf();
        const response = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'national_id',
          file,
          fileName: 'هوية رب الأسرة.pdf',
          fields: { member_id: String(memberId), expires_on: '2030-01-31', note: 'نسخة واضحة' },
        });
        expect(response.statusCode).toBe(201);
        const { data } = json<DocumentBody>(response);
        expect(data).toMatchObject({
          kind: 'national_id',
          file_name: 'هوية رب الأسرة.pdf',
          mime_type: 'application/pdf',
          size: file.length,
          sha256: sha(file),
          has_thumbnail: false,
          member: { id: memberId },
          expires_on: '2030-01-31',
          uploaded_by: { id: researcher.row.id, name: 'سارة الباحثة' },
        });
        const content = await h.request('GET', `/api/documents/${data.id}/content`, {
          token: researcher.token,
        });
        expect(content.statusCode).toBe(200);
        expect(content.rawPayload.equals(file)).toBe(true);
      });

      test.each(['jpeg', 'png', 'webp'] as const)(
        'a %s image is stored re-encoded in its own type, with a thumbnail',
        async (format) => {
          const file = await image(format);
          const response = await upload(h, `families/${familyId}`, {
            token: researcher.token,
            kind: 'photo',
            file,
            // The name and the declared type say nothing: the bytes decide.
            fileName: 'picture.bin',
            type: 'application/octet-stream',
          });
          expect(response.statusCode).toBe(201);
          const { data } = json<DocumentBody>(response);
          expect(data.mime_type).toBe(`image/${format}`);
          expect(data.has_thumbnail).toBe(true);
          const content = await h.request('GET', `/api/documents/${data.id}/content`, {
            token: researcher.token,
            query: { inline: '1' },
          });
          expect(content.headers['content-type']).toBe(`image/${format}`);
          expect(sha(content.rawPayload)).toBe(data.sha256);
          expect((await sharp(content.rawPayload).metadata()).format).toBe(format);
          const thumbnail = await h.request('GET', `/api/documents/${data.id}/thumbnail`, {
            token: researcher.token,
          });
          expect(thumbnail.statusCode).toBe(200);
          expect(thumbnail.headers['content-type']).toBe('image/webp');
          expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');
        },
      );

      test('a JPEG with a GPS position comes back without any metadata, turned upright', async () => {
        const file = await jpegWithGps(60, 20);
        const before = await sharp(file).metadata();
        expect(before.exif?.toString('latin1')).toContain('SecretCamera');
        expect(before.orientation).toBe(6);
        const response = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'photo',
          file,
          fileName: 'house.jpg',
          type: 'image/jpeg',
        });
        expect(response.statusCode).toBe(201);
        const { data } = json<DocumentBody>(response);
        const content = await h.request('GET', `/api/documents/${data.id}/content`, {
          token: researcher.token,
        });
        const after = await sharp(content.rawPayload).metadata();
        expect(after.exif).toBeUndefined();
        expect(after.orientation).toBeUndefined();
        expect(content.rawPayload.includes(Buffer.from('SecretCamera'))).toBe(false);
        // Orientation 6 applied: the 60×20 picture is stored 20 wide and 60 high.
        expect([after.width, after.height]).toEqual([20, 60]);
      });

      test('an image larger than 2,500 px is scaled down', async () => {
        const file = await image('png', 3000, 1200);
        const response = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'photo',
          file,
          fileName: 'wide.png',
        });
        expect(response.statusCode).toBe(201);
        const { data } = json<DocumentBody>(response);
        const content = await h.request('GET', `/api/documents/${data.id}/content`, {
          token: researcher.token,
        });
        const stored = await sharp(content.rawPayload).metadata();
        expect([stored.width, stored.height]).toEqual([2500, 1000]);
      });
    });

    describe('refused', () => {
      const refusals: [string, () => Buffer, string][] = [
        [
          'an HTML file named .pdf',
          () => Buffer.from('<html><script>alert(1)</script></html>'),
          'report.pdf',
        ],
        [
          'an SVG',
          () =>
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'logo.svg',
        ],
        ['a shell script', () => Buffer.from('#!/bin/sh\nrm -rf /\n'), 'run.sh'],
        ['a ZIP archive', () => Buffer.from('PK\u0003\u0004archive-bytes', 'latin1'), 'a.zip'],
        ['an executable', () => Buffer.from('MZ\u0090\u0000program', 'latin1'), 'setup.exe'],
        ['unknown bytes', () => Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9]), 'data.jpg'],
      ];
      test.each(refusals)('%s: 422 in Arabic, nothing stored', async (_name, make, fileName) => {
        const before = await h.rowCounts(['documents']);
        const response = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'other',
          file: make(),
          fileName,
          type: 'application/pdf',
        });
        expect(response.statusCode).toBe(422);
        expect(json<{ errors: { file: string[] } }>(response).errors.file).toEqual([
          DOCUMENT_MESSAGES.unsupportedType,
        ]);
        // Arabic only: no Latin word in what a person reads.
        const refusal = json<{ message: string; errors: { file: string[] } }>(response);
        for (const text of [refusal.message, ...refusal.errors.file])
          expect(text).not.toMatch(/[A-Za-z]/);
        expect(await h.rowCounts(['documents'])).toEqual(before);
      });

      test('a file over DOCUMENT_MAX_MB: 413 in Arabic, nothing stored', async () => {
        const before = await h.rowCounts(['documents', 'activity_log']);
        const big = Buffer.concat([pdf(), Buffer.alloc(2 * 1024 * 1024 + 10, 0x20)]);
        const response = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'other',
          file: big,
          fileName: 'big.pdf',
        });
        expect(response.statusCode).toBe(413);
        expect(json<{ message: string }>(response).message).toBe(DOCUMENT_MESSAGES.tooLarge(2));
        expect(json<{ message: string }>(response).message).toMatch(/[\u0600-\u06FF]/);
        expect(json<{ message: string }>(response).message).not.toMatch(/[A-Za-z]/);
        expect(await h.rowCounts(['documents', 'activity_log'])).toEqual(before);
      });

      test('no file, a bad kind, a member of another family: 422 on the field', async () => {
        const noFile = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'other',
        });
        expect(noFile.statusCode).toBe(422);
        const badKind = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'passport',
          file: pdf(),
        });
        expect(badKind.statusCode).toBe(422);
        expect(json<{ errors: Record<string, string[]> }>(badKind).errors.kind).toBeDefined();
        const stranger = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'other',
          file: pdf(),
          fields: { member_id: String(otherMemberId) },
        });
        expect(stranger.statusCode).toBe(422);
        expect(json<{ errors: Record<string, string[]> }>(stranger).errors.member_id).toEqual([
          DOCUMENT_MESSAGES.memberNotInFamily,
        ]);
        const missing = await upload(h, 'families/999999', {
          token: researcher.token,
          kind: 'other',
          file: pdf(),
        });
        expect(missing.statusCode).toBe(404);
      });
    });

    describe('served', () => {
      test('as an attachment named per RFC 6266, in a sandbox, never cached or sniffed', async () => {
        const response = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'lease',
          file: pdf(),
          fileName: 'عقد الإيجار (2026).pdf',
        });
        const { data } = json<DocumentBody>(response);
        const content = await h.request('GET', `/api/documents/${data.id}/content`, {
          token: viewer.token,
        });
        expect(content.statusCode).toBe(200);
        expect(content.headers['content-type']).toBe('application/pdf');
        expect(content.headers['x-content-type-options']).toBe('nosniff');
        expect(content.headers['content-security-policy']).toBe('sandbox');
        expect(content.headers['cache-control']).toBe('private, no-store');
        const disposition = String(content.headers['content-disposition']);
        expect(disposition.startsWith('attachment;')).toBe(true);
        expect(disposition).toContain(
          "filename*=UTF-8''%D8%B9%D9%82%D8%AF%20%D8%A7%D9%84%D8%A5%D9%8A%D8%AC%D8%A7%D8%B1%20%282026%29.pdf",
        );
        expect(disposition).toContain('filename="___ _______ (2026).pdf"');
        expect(disposition).not.toMatch(/[^\x20-\x7e]/);
        const inline = await h.request('GET', `/api/documents/${data.id}/content`, {
          token: viewer.token,
          query: { inline: '1' },
        });
        expect(String(inline.headers['content-disposition']).startsWith('inline;')).toBe(true);
        expect(inline.headers['content-security-policy']).toBe('sandbox');
      });

      test('a PDF with a script is stored but only ever downloaded, in a sandbox', async () => {
        const file = scriptedPdf();
        const response = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'bank_statement',
          file,
          fileName: 'statement.pdf',
        });
        expect(response.statusCode).toBe(201);
        const { data } = json<DocumentBody>(response);
        const content = await h.request('GET', `/api/documents/${data.id}/content`, {
          token: researcher.token,
          query: { inline: '1' },
        });
        expect(content.statusCode).toBe(200);
        expect(content.rawPayload.equals(file)).toBe(true);
        expect(String(content.headers['content-disposition']).startsWith('attachment;')).toBe(true);
        expect(content.headers['content-security-policy']).toBe('sandbox');
        expect(content.headers['x-content-type-options']).toBe('nosniff');
      });

      test('a PDF has no thumbnail (404)', async () => {
        const { data } = json<DocumentBody>(
          await upload(h, `families/${familyId}`, {
            token: researcher.token,
            kind: 'other',
            file: pdf(),
          }),
        );
        const thumbnail = await h.request('GET', `/api/documents/${data.id}/thumbnail`, {
          token: researcher.token,
        });
        expect(thumbnail.statusCode).toBe(404);
      });
    });

    describe('who sees and adds documents', () => {
      let medicalId: number;
      beforeAll(async () => {
        const response = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'medical_report',
          file: pdf(),
          fileName: 'تقرير.pdf',
        });
        expect(response.statusCode).toBe(201);
        medicalId = json<DocumentBody>(response).data.id;
      });

      test('a medical document is listed for a medical reader and hidden from others', async () => {
        const forResearcher = json<ListBody>(
          await h.request('GET', `/api/families/${familyId}/documents`, {
            token: researcher.token,
          }),
        );
        expect(forResearcher.data.documents.map((d) => d.id)).toContain(medicalId);
        const forViewer = await h.request('GET', `/api/families/${familyId}/documents`, {
          token: viewer.token,
        });
        expect(forViewer.statusCode).toBe(200);
        const ids = json<ListBody>(forViewer).data.documents.map((d) => d.id);
        expect(ids).not.toContain(medicalId);
        expect(ids.length).toBeGreaterThan(0);
        expect(forViewer.payload).not.toContain('medical_report');
      });

      test('its content is 403 to a reader without medical fields', async () => {
        const refused = await h.request('GET', `/api/documents/${medicalId}/content`, {
          token: viewer.token,
        });
        expect(refused.statusCode).toBe(403);
        expect(json<{ message: string }>(refused).message).toBe(DOCUMENT_MESSAGES.medicalForbidden);
        expect(
          (
            await h.request('GET', `/api/documents/${medicalId}/content`, {
              token: researcher.token,
            })
          ).statusCode,
        ).toBe(200);
      });

      test('a reader without medical fields cannot upload a medical kind either', async () => {
        const services = await h.createEmployee({ permissions: ['show_services'] });
        const response = await upload(h, `services/${serviceId}`, {
          token: services.token,
          kind: 'disability_card',
          file: pdf(),
        });
        expect(response.statusCode).toBe(403);
      });

      test('uploads: 401 without a session, 403 without the parent edit key', async () => {
        expect(
          (await upload(h, `families/${familyId}`, { kind: 'other', file: pdf() })).statusCode,
        ).toBe(401);
        expect(
          (
            await upload(h, `families/${familyId}`, {
              token: viewer.token,
              kind: 'other',
              file: pdf(),
            })
          ).statusCode,
        ).toBe(403);
        expect(
          (
            await upload(h, `financial-records/${recordId}`, {
              token: viewer.token,
              kind: 'receipt',
              file: pdf(),
            })
          ).statusCode,
        ).toBe(403);
        expect(
          (
            await upload(h, `services/${serviceId}`, {
              token: accountant.token,
              kind: 'invoice',
              file: pdf(),
            })
          ).statusCode,
        ).toBe(403);
      });

      test('a financial record takes documents from finance, who alone may open them', async () => {
        const response = await upload(h, `financial-records/${recordId}`, {
          token: accountant.token,
          kind: 'receipt',
          file: pdf(),
          fileName: 'إيصال.pdf',
        });
        expect(response.statusCode).toBe(201);
        const { data } = json<DocumentBody>(response);
        const list = json<ListBody>(
          await h.request('GET', `/api/financial-records/${recordId}/documents`, {
            token: accountant.token,
          }),
        );
        expect(list.data.documents.map((d) => d.id)).toContain(data.id);
        expect(
          (await h.request('GET', `/api/documents/${data.id}/content`, { token: viewer.token }))
            .statusCode,
        ).toBe(403);
        expect(
          (
            await h.request('GET', `/api/financial-records/${recordId}/documents`, {
              token: viewer.token,
            })
          ).statusCode,
        ).toBe(403);
      });

      test('a service takes documents from the services staff', async () => {
        const services = await h.createEmployee({ permissions: ['show_services'] });
        const response = await upload(h, `services/${serviceId}`, {
          token: services.token,
          kind: 'invoice',
          file: pdf(),
        });
        expect(response.statusCode).toBe(201);
        const list = json<ListBody>(
          await h.request('GET', `/api/services/${serviceId}/documents`, {
            token: services.token,
          }),
        );
        expect(list.data.documents[0]?.id).toBe(json<DocumentBody>(response).data.id);
        const withMember = await upload(h, `services/${serviceId}`, {
          token: services.token,
          kind: 'invoice',
          file: pdf(),
          fields: { member_id: String(memberId) },
        });
        expect(withMember.statusCode).toBe(422);
      });
    });

    describe('the activity log', () => {
      test('an upload, a view, a download and a thumbnail each write a row with Arabic labels', async () => {
        const file = await image('jpeg');
        const { data } = json<DocumentBody>(
          await upload(h, `families/${familyId}`, {
            token: researcher.token,
            kind: 'photo',
            file,
            fileName: 'photo.jpg',
          }),
        );
        await h.request('GET', `/api/documents/${data.id}/content`, { token: viewer.token });
        await h.request('GET', `/api/documents/${data.id}/content`, {
          token: viewer.token,
          query: { inline: '1' },
        });
        await h.request('GET', `/api/documents/${data.id}/thumbnail`, { token: viewer.token });
        const rows = await h.db
          .selectFrom('activity_log')
          .selectAll()
          .where('entity_type', '=', 'document')
          .where('entity_id', '=', String(data.id))
          .orderBy('id')
          .execute();
        expect(rows.map((row) => [row.action, row.employee_id])).toEqual([
          ['upload', researcher.row.id],
          ['download', viewer.row.id],
          ['view', viewer.row.id],
          ['view', viewer.row.id],
        ]);
        expect(rows[0]?.family_id).toBe(familyId);
        expect(rows[0]?.changes?.sha256).toEqual([null, data.sha256]);
        for (const row of rows)
          for (const field of Object.keys(row.changes ?? {}))
            expect(findActivityFieldLabel('document', field)).toMatch(/[\u0600-\u06FF]/);
      });

      test('a medical document stays off the family timeline', async () => {
        const { data } = json<DocumentBody>(
          await upload(h, `families/${familyId}`, {
            token: researcher.token,
            kind: 'disability_card',
            file: pdf(),
          }),
        );
        const row = await h.db
          .selectFrom('activity_log')
          .select('family_id')
          .where('entity_type', '=', 'document')
          .where('entity_id', '=', String(data.id))
          .executeTakeFirstOrThrow();
        expect(row.family_id).toBeNull();
      });
    });

    describe('deletion', () => {
      test('needs a reason, keeps a tombstone, and keeps content another document shares', async () => {
        const file = pdf('shared-content');
        const first = json<DocumentBody>(
          await upload(h, `families/${familyId}`, {
            token: researcher.token,
            kind: 'income_proof',
            file,
          }),
        ).data;
        const second = json<DocumentBody>(
          await upload(h, `financial-records/${recordId}`, {
            token: accountant.token,
            kind: 'receipt',
            file,
          }),
        ).data;
        expect(second.sha256).toBe(first.sha256);
        expect(await h.app.files.has(first.sha256)).toBe(true);

        const noReason = await h.request('DELETE', `/api/documents/${first.id}`, {
          token: researcher.token,
          body: {},
        });
        expect(noReason.statusCode).toBe(422);
        const byViewer = await h.request('DELETE', `/api/documents/${first.id}`, {
          token: viewer.token,
          body: { reason: 'مكرر' },
        });
        expect(byViewer.statusCode).toBe(403);

        const removed = await h.request('DELETE', `/api/documents/${first.id}`, {
          token: researcher.token,
          body: { reason: 'نسخة مكررة' },
        });
        expect(removed.statusCode).toBe(200);
        expect(json<{ data: { reason: string } }>(removed).data.reason).toBe('نسخة مكررة');
        // The other document still holds the bytes.
        expect(await h.app.files.has(first.sha256)).toBe(true);
        const content = await h.request('GET', `/api/documents/${second.id}/content`, {
          token: accountant.token,
        });
        expect(content.rawPayload.equals(file)).toBe(true);
        expect(
          (
            await h.request('GET', `/api/documents/${first.id}/content`, {
              token: researcher.token,
            })
          ).statusCode,
        ).toBe(404);

        const list = json<ListBody>(
          await h.request('GET', `/api/families/${familyId}/documents`, {
            token: researcher.token,
          }),
        );
        expect(list.data.documents.map((d) => d.id)).not.toContain(first.id);
        expect(list.data.deleted).toContainEqual(
          expect.objectContaining({
            id: first.id,
            kind: 'income_proof',
            reason: 'نسخة مكررة',
            deleted_by: expect.objectContaining({ name: 'سارة الباحثة' }),
          }),
        );
        const again = await h.request('DELETE', `/api/documents/${first.id}`, {
          token: researcher.token,
          body: { reason: 'مرة أخرى' },
        });
        expect(again.statusCode).toBe(409);

        // The last holder gone, the content leaves the store.
        const last = await h.request('DELETE', `/api/documents/${second.id}`, {
          token: accountant.token,
          body: { reason: 'أُرفق بالخطأ' },
        });
        expect(last.statusCode).toBe(200);
        expect(await h.app.files.has(first.sha256)).toBe(false);
        const logged = await h.db
          .selectFrom('activity_log')
          .select(['action', 'changes'])
          .where('entity_type', '=', 'document')
          .where('action', '=', 'delete')
          .where('entity_id', 'in', [String(first.id), String(second.id)])
          .execute();
        expect(logged).toHaveLength(2);
      });

      test('an image and its thumbnail leave the store with their last document', async () => {
        const file = await image('png', 50, 50, { r: 1, g: 2, b: 3 });
        const { data } = json<DocumentBody>(
          await upload(h, `families/${familyId}`, {
            token: researcher.token,
            kind: 'photo',
            file,
          }),
        );
        const row = await h.db
          .selectFrom('documents')
          .select('thumbnail_sha256')
          .where('id', '=', data.id)
          .executeTakeFirstOrThrow();
        const thumbnail = row.thumbnail_sha256 ?? '';
        expect(await h.app.files.has(thumbnail)).toBe(true);
        await h.request('DELETE', `/api/documents/${data.id}`, {
          token: researcher.token,
          body: { reason: 'صورة غير واضحة' },
        });
        expect(await h.app.files.has(data.sha256)).toBe(false);
        expect(await h.app.files.has(thumbnail)).toBe(false);
      });
    });

    test('the API description shows the multipart upload and the served types', async () => {
      const document = json<{
        paths: Record<string, Record<string, { requestBody?: unknown; responses: unknown }>>;
      }>(await h.request('GET', '/api/openapi.json'));
      const uploadOperation = document.paths['/families/{id}/documents']?.post;
      expect(uploadOperation?.requestBody).toMatchObject({
        content: {
          'multipart/form-data': {
            schema: {
              properties: { file: { type: 'string', format: 'binary' }, kind: {} },
              required: expect.arrayContaining(['kind', 'file']),
            },
          },
        },
      });
      expect(uploadOperation?.responses).toHaveProperty('413');
      expect(document.paths['/documents/{id}/content']?.get?.responses).toMatchObject({
        200: {
          content: { 'application/pdf': {}, 'image/jpeg': {}, 'image/png': {}, 'image/webp': {} },
        },
      });
      expect(document.paths['/financial-records/{id}/documents']?.get).toBeDefined();
      expect(document.paths['/documents/{id}']?.delete?.requestBody).toBeDefined();
    });

    describe('crash safety', () => {
      test('a store that fails to write leaves no row and no log entry', async () => {
        const before = await h.rowCounts(['documents', 'activity_log']);
        const store = h.app.files;
        const put = store.put;
        store.put = () => Promise.reject(new Error('disk full'));
        try {
          const response = await upload(h, `families/${familyId}`, {
            token: researcher.token,
            kind: 'other',
            file: pdf(),
          });
          expect(response.statusCode).toBe(500);
        } finally {
          store.put = put;
        }
        expect(await h.rowCounts(['documents', 'activity_log'])).toEqual(before);
      });

      test('a row that fails to commit leaves its content stored, and a retry works', async () => {
        const file = pdf('commit-fails');
        await sql`create or replace function documents_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
          h.db,
        );
        await sql`create trigger documents_refuse before insert on documents for each row execute function documents_refuse()`.execute(
          h.db,
        );
        try {
          const response = await upload(h, `families/${familyId}`, {
            token: researcher.token,
            kind: 'other',
            file,
          });
          expect(response.statusCode).toBe(500);
        } finally {
          await sql`drop trigger documents_refuse on documents`.execute(h.db);
        }
        // Stored before the insert: an unreferenced file, never a row without one.
        expect(await h.app.files.has(sha(file))).toBe(true);
        const retry = await upload(h, `families/${familyId}`, {
          token: researcher.token,
          kind: 'other',
          file,
        });
        expect(retry.statusCode).toBe(201);
      });
    });
  },
  { seedDemo: true, documentMaxMb: 2 },
);
