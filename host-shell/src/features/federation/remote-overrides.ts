import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';

/**
 * Developer override (docs/architecture.md#federation: outside production only):
 * `?remote=<name>@<manifest url>` points one remote of this browser tab at a dev server (or at an
 * unpromoted release), while the rest keep their released versions. Kept in sessionStorage, so it
 * ends with the tab.
 *
 *   ?remote=mf-finance@http://localhost:3103/mf-manifest.json   use the local dev server
 *   ?remote=mf-finance@/remotes/mf-finance/1.4.0/mf-manifest.json   try a published version
 *   ?remote=mf-finance@            drop that override;   ?remote=clear   drop them all
 */
export const REMOTE_OVERRIDES_STORAGE_KEY = 'remote-overrides';
export const REMOTE_OVERRIDE_PARAM = 'remote';

export type RemoteOverrides = Partial<Record<RemoteName, string>>;

const remoteNameSchema = z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]]);

/** An absolute http(s) URL, or a path on this site. */
const manifestUrlSchema = z.string().refine((value) => {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'رابط غير صالح');

export const remoteOverridesSchema = z.partialRecord(remoteNameSchema, manifestUrlSchema);

export function readRemoteOverrides(storage: Pick<Storage, 'getItem'>): RemoteOverrides {
  try {
    const raw = storage.getItem(REMOTE_OVERRIDES_STORAGE_KEY);
    if (raw === null) return {};
    const parsed = remoteOverridesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

interface ApplyOptions {
  search: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** `process.env.NODE_ENV === 'production'` (webpack's DefinePlugin fixes it at build time). */
  isProduction: boolean;
  warn?: (message: string) => void;
}

/**
 * Applies the `?remote=` parameters to the stored overrides and returns the overrides in force.
 * A production build ignores both the parameters and anything stored: a link can never make a
 * staff member's browser run code from elsewhere.
 */
export function applyRemoteOverrides({
  search,
  storage,
  isProduction,
  warn = console.warn,
}: ApplyOptions): RemoteOverrides {
  if (isProduction) return {};
  const overrides = readRemoteOverrides(storage);
  const params = new URLSearchParams(search).getAll(REMOTE_OVERRIDE_PARAM);
  if (params.length === 0) return overrides;
  for (const param of params) {
    if (param === 'clear') {
      for (const name of REMOTE_NAMES) delete overrides[name];
      continue;
    }
    const at = param.indexOf('@');
    const name = remoteNameSchema.safeParse(at > 0 ? param.slice(0, at) : param);
    if (!name.success) {
      warn(`?remote=${param}: اسم قسم غير معروف (${REMOTE_NAMES.join(', ')})`);
      continue;
    }
    const url = at > 0 ? param.slice(at + 1) : '';
    if (url === '') {
      delete overrides[name.data];
      continue;
    }
    if (!manifestUrlSchema.safeParse(url).success) {
      warn(`?remote=${param}: رابط ملف mf-manifest.json غير صالح`);
      continue;
    }
    overrides[name.data] = url;
  }
  if (Object.keys(overrides).length === 0) storage.removeItem(REMOTE_OVERRIDES_STORAGE_KEY);
  else storage.setItem(REMOTE_OVERRIDES_STORAGE_KEY, JSON.stringify(overrides));
  return overrides;
}

/** The address without its `remote` parameters, so a reload or a shared link does not re-apply them. */
export function withoutOverrideParams(url: URL): string {
  const next = new URL(url.href);
  next.searchParams.delete(REMOTE_OVERRIDE_PARAM);
  return `${next.pathname}${next.search}${next.hash}`;
}
