import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { filesBackupDir } from '../src/files/backup';
import { childEnv, loginToken, spawnApi, type ApiChild } from './support/api-child';
import { image, pdf } from './support/documents';
import { TEST_ADMIN } from './support/harness';

const run = promisify(execFile);
const API_ROOT = path.resolve(__dirname, '..');

function script(name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: API_ROOT,
    env: { ...env, INIT_CWD: API_ROOT },
    timeout: 120_000,
  });
}

async function uploadTo(
  api: ApiChild,
  token: string,
  familyId: number,
  file: Buffer,
  fileName: string,
  kind: string,
): Promise<{ id: number; sha256: string }> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const response = await fetch(`${api.url}/families/${familyId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number; sha256: string } }).data;
}

/** `pnpm backup` / `pnpm restore` carry the documents' files with the database. */
describe('documents: pnpm backup → pnpm restore', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-docs-backup-'));
  const children: ApiChild[] = [];

  afterAll(async () => {
    for (const child of children)
      if (child.process.exitCode === null && child.process.signalCode === null)
        child.process.kill('SIGKILL');
    await Promise.all(children.map((child) => child.exited));
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('a backup taken while the API runs restores documents whose content is served again', async () => {
    const env = childEnv({ DATA_DIR: path.join(work, 'db', 'pglite') });
    const api = await spawnApi(env);
    children.push(api);
    const token = await loginToken(api.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const created = await fetch(`${api.url}/families`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        save_as_draft: true,
        head: { full_name: 'مستندات رب الأسرة' },
        members: [],
        primary_phone: '',
      }),
    });
    expect(created.status).toBe(201);
    const familyId = ((await created.json()) as { data: { id: number } }).data.id;
    const lease = pdf();
    const photo = await image('png', 30, 30);
    const first = await uploadTo(api, token, familyId, lease, 'عقد.pdf', 'lease');
    const second = await uploadTo(api, token, familyId, photo, 'صورة.png', 'photo');
    // The default store sits beside the database directory, not inside it.
    expect(fs.existsSync(path.join(work, 'db', 'files'))).toBe(true);
    expect(fs.existsSync(path.join(work, 'db', 'pglite', 'files'))).toBe(false);

    const file = path.join(work, 'out', 'ataa.tar.gz');
    const backup = await script('backup', [file], env);
    expect(backup.stdout).toContain('taken by the running API');
    expect(backup.stdout).toMatch(/\(3 document files copied\)/);
    expect(
      fs.existsSync(path.join(filesBackupDir(file), first.sha256.slice(0, 2), first.sha256)),
    ).toBe(true);
    api.process.kill('SIGTERM');
    expect((await api.exited).code).toBe(0);

    const restoredEnv = childEnv({ DATA_DIR: path.join(work, 'restored', 'pglite') });
    const restore = await script('restore', [file], restoredEnv);
    expect(restore.stdout).toContain('restored 3 document files');
    const restored = await spawnApi(restoredEnv);
    children.push(restored);
    const again = await loginToken(restored.url, TEST_ADMIN.email, TEST_ADMIN.password);
    for (const [document, bytes] of [
      [first, lease],
      [second, undefined],
    ] as const) {
      const content = await fetch(`${restored.url}/documents/${document.id}/content`, {
        headers: { authorization: `Bearer ${again}` },
      });
      expect(content.status).toBe(200);
      const body = Buffer.from(await content.arrayBuffer());
      expect(createHash('sha256').update(body).digest('hex')).toBe(document.sha256);
      if (bytes) expect(body.equals(bytes)).toBe(true);
    }
    restored.process.kill('SIGTERM');
    expect((await restored.exited).code).toBe(0);
  }, 240_000);
});
