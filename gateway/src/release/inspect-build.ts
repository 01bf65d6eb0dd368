import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  REMOTES,
  REMOTE_PAGES_EXPOSE,
  releaseInfoSchema,
  type ReleaseInfo,
  type RemoteName,
} from 'shared-contracts';
import { ReleaseError } from './release-error';
import { MANIFEST_FILE, RELEASE_INFO_FILE } from './store-layout';

/**
 * The parts of mf-manifest.json the host relies on. The federation runtime reads more, but a
 * manifest without these cannot load at all, so publishing one would only defer the failure.
 */
const manifestSchema = z
  .object({
    name: z.string(),
    metaData: z
      .object({
        remoteEntry: z.object({ name: z.string().min(1), path: z.string() }),
        buildInfo: z.object({ buildVersion: z.string() }).loose(),
      })
      .loose(),
    shared: z.array(z.object({ name: z.string() }).loose()),
    exposes: z.array(z.object({ path: z.string() }).loose()),
  })
  .loose();

function readJson(file: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { ok: false, reason: 'missing' };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

/**
 * Checks that `dir` holds a complete, self-consistent build of `remote` and returns its
 * release.json. Used on a build before publishing and on a stored release before promoting.
 */
export function inspectBuild(dir: string, remote: RemoteName): ReleaseInfo {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new ReleaseError(
      'build-missing',
      `لا يوجد بناء في ${dir}: شغّل pnpm --filter ${remote} build`,
      `No build in ${dir}: run pnpm --filter ${remote} build`,
    );
  }

  const releaseFile = path.join(dir, RELEASE_INFO_FILE);
  const releaseJson = readJson(releaseFile);
  const release = releaseJson.ok ? releaseInfoSchema.safeParse(releaseJson.value) : undefined;
  if (!release?.success) {
    const why = releaseJson.ok
      ? (release?.error.issues
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
          .join('; ') ?? '')
      : releaseJson.reason;
    throw new ReleaseError(
      'corrupt-release',
      `الملف ${releaseFile} مفقود أو تالف (${why})`,
      `${releaseFile} is missing or corrupt (${why})`,
    );
  }
  const info = release.data;
  if (info.name !== remote) {
    throw new ReleaseError(
      'wrong-remote',
      `هذا البناء للواجهة ${info.name} وليس ${remote}`,
      `This build is of ${info.name}, not ${remote}`,
    );
  }

  const manifestFile = path.join(dir, MANIFEST_FILE);
  const manifestJson = readJson(manifestFile);
  const manifest = manifestJson.ok ? manifestSchema.safeParse(manifestJson.value) : undefined;
  const corruptManifest = (why: string) =>
    new ReleaseError(
      'corrupt-manifest',
      `ملف البيان ${manifestFile} تالف: ${why}`,
      `The manifest ${manifestFile} is corrupt: ${why}`,
    );
  if (!manifest?.success) {
    throw corruptManifest(manifestJson.ok ? 'not a federation manifest' : manifestJson.reason);
  }
  const { data } = manifest;
  const container = REMOTES[remote].container;
  if (data.name !== container)
    throw corruptManifest(`container "${data.name}", expected "${container}"`);
  if (data.metaData.buildInfo.buildVersion !== info.version) {
    throw corruptManifest(
      `buildVersion ${data.metaData.buildInfo.buildVersion} ≠ release.json version ${info.version}`,
    );
  }
  if (!data.exposes.some((expose) => expose.path === REMOTE_PAGES_EXPOSE)) {
    throw corruptManifest(`no "${REMOTE_PAGES_EXPOSE}" expose`);
  }
  const entry = path.join(dir, data.metaData.remoteEntry.path, data.metaData.remoteEntry.name);
  if (!fs.existsSync(entry))
    throw corruptManifest(`its remote entry ${data.metaData.remoteEntry.name} is missing`);
  return info;
}
