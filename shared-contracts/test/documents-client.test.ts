import type { AxiosRequestConfig, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '../src/core/api-client';
import { ApiContractError } from '../src/core/call-endpoint';
import {
  deleteDocument,
  documentUploadForm,
  fetchDocumentContent,
  listDocuments,
  uploadDocument,
} from '../src/resources/documents-client';

const stored = {
  id: 7,
  kind: 'lease',
  file_name: 'عقد.pdf',
  mime_type: 'application/pdf',
  size: 9,
  sha256: 'a'.repeat(64),
  has_thumbnail: false,
  member: null,
  expires_on: null,
  note: null,
  uploaded_by: { id: 1, name: 'سارة' },
  uploaded_at: '2026-11-28T10:00:00.000Z',
};

/** A client whose requests are answered by `answer` and recorded. */
function fakeClient(answer: (config: InternalAxiosRequestConfig) => unknown) {
  const client = createApiClient({ getToken: () => 'token' });
  const seen: AxiosRequestConfig[] = [];
  client.defaults.adapter = async (config) => {
    seen.push(config);
    return { data: answer(config), status: 200, statusText: 'OK', headers: {}, config };
  };
  return { client, seen };
}

test('the upload form carries the given fields and then the file', () => {
  const form = documentUploadForm(new Blob(['%PDF-1.4']), 'عقد.pdf', {
    kind: 'lease',
    member_id: 3,
    expires_on: '',
    note: null,
  });
  expect([...form.keys()]).toEqual(['kind', 'member_id', 'file']);
  expect(form.get('member_id')).toBe('3');
  expect((form.get('file') as File).name).toBe('عقد.pdf');
});

test('an upload posts multipart to its parent and returns the parsed document', async () => {
  const { client, seen } = fakeClient(() => ({ data: stored, message: 'تم رفع المستند' }));
  const document = await uploadDocument(
    client,
    { kind: 'financial_record', id: 12 },
    new Blob(['%PDF-1.4']),
    'عقد.pdf',
    { kind: 'receipt' },
  );
  expect(document.id).toBe(7);
  expect(seen[0]?.method).toBe('post');
  expect(seen[0]?.url).toBe('/financial-records/12/documents');
  expect(seen[0]?.data).toBeInstanceOf(FormData);
  expect(seen[0]?.timeout).toBeGreaterThan(5000);
});

test('an answer that breaks the declaration is a contract error, not data', async () => {
  const { client } = fakeClient(() => ({ data: { ...stored, mime_type: 'text/html' } }));
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await expect(
    uploadDocument(client, { kind: 'family', id: 1 }, new Blob(['x']), 'x.pdf', { kind: 'other' }),
  ).rejects.toBeInstanceOf(ApiContractError);
  spy.mockRestore();
});

test('lists, content and deletion go through their declarations', async () => {
  const { client, seen } = fakeClient((config) =>
    config.url?.endsWith('/documents')
      ? { data: { documents: [stored], deleted: [] } }
      : config.method === 'delete'
        ? {
            data: {
              id: 7,
              kind: 'lease',
              deleted_by: null,
              deleted_at: '2026-11-28T11:00:00.000Z',
              reason: 'مكرر',
            },
          }
        : new Blob(['%PDF']),
  );
  expect((await listDocuments(client, { kind: 'service', id: 4 })).documents).toHaveLength(1);
  await fetchDocumentContent(client, 7, { inline: true });
  expect((await deleteDocument(client, 7, 'مكرر')).reason).toBe('مكرر');
  expect(seen.map((config) => [config.method, config.url])).toEqual([
    ['get', '/services/4/documents'],
    ['get', '/documents/7/content'],
    ['delete', '/documents/7'],
  ]);
  expect(seen[1]?.params).toEqual({ inline: '1' });
  expect(JSON.parse(String(seen[2]?.data))).toEqual({ reason: 'مكرر' });
});
