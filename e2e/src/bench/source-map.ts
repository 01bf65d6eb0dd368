/**
 * What a minified file is made of: each generated character is credited to the npm package (or
 * workspace package) of the source it maps to, using the build's own `.js.map`. Sizes are the
 * minified bytes per package and the gzip (level 9) of those bytes taken together — an
 * approximation of each package's share of the file, good enough to see what dominates.
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one mappings segment ("AAAA,SAASA") into its numbers. */
function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`Bad base64 VLQ digit ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

interface RawSourceMap {
  sources: string[];
  mappings: string;
}

/** "webpack://host_shell/../node_modules/.pnpm/x@1/node_modules/@scope/pkg/lib/a.js" → "@scope/pkg". */
export function packageOfSource(source: string): string {
  const normalised = source.replace(/\\/g, '/');
  const index = normalised.lastIndexOf('node_modules/');
  if (index >= 0) {
    const parts = normalised.slice(index + 'node_modules/'.length).split('/');
    const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? source);
    // Marked so a package bundled both as CommonJS and as ESM (the dual-package hazard) shows twice.
    return normalised.endsWith('.cjs') ? `${name} (cjs)` : name;
  }
  const workspace = /(?:^|\/)(shared-ui|shared-contracts|host-shell|mf-[a-z]+)\/src\//.exec(
    normalised,
  );
  if (workspace) return workspace[1] ?? source;
  if (/\/\.\/src\//.test(normalised) || normalised.includes('/src/')) return '(own src)';
  if (normalised.includes('webpack/runtime') || normalised.startsWith('webpack/'))
    return '(webpack runtime)';
  if (normalised.includes('container') || normalised.includes('sharing'))
    return '(federation glue)';
  return normalised.replace(/^webpack:\/\/[^/]*\//, '');
}

export interface PackageShare {
  pkg: string;
  bytes: number;
  gzip: number;
}

/**
 * Credits every character of `code` to a package using `map`. Characters before the first
 * segment of a line, or in segments without a source, go to "(unmapped)".
 */
export function attributeCode(code: string, map: RawSourceMap): PackageShare[] {
  const pieces = new Map<string, string[]>();
  const add = (pkg: string, text: string) => {
    if (text.length === 0) return;
    const list = pieces.get(pkg);
    if (list) list.push(text);
    else pieces.set(pkg, [text]);
  };
  const packages = map.sources.map(packageOfSource);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (let lineNo = 0; lineNo < lines.length; lineNo += 1) {
    const line = lines[lineNo] ?? '';
    const segments = (mappingLines[lineNo] ?? '').split(',').filter(Boolean);
    let column = 0;
    const starts: Array<{ column: number; pkg: string }> = [];
    for (const segment of segments) {
      const values = decodeVlq(segment);
      column += values[0] ?? 0;
      if (values.length >= 4) {
        sourceIndex += values[1] ?? 0;
        starts.push({ column, pkg: packages[sourceIndex] ?? '(unmapped)' });
      } else {
        starts.push({ column, pkg: '(unmapped)' });
      }
    }
    add('(unmapped)', line.slice(0, starts[0]?.column ?? line.length));
    starts.forEach((start, i) =>
      add(start.pkg, line.slice(start.column, starts[i + 1]?.column ?? line.length)),
    );
    if (lineNo < lines.length - 1) add(starts.at(-1)?.pkg ?? '(unmapped)', '\n');
  }
  return [...pieces.entries()]
    .map(([pkg, texts]) => {
      const joined = Buffer.from(texts.join(''), 'utf8');
      return { pkg, bytes: joined.length, gzip: gzipSync(joined, { level: 9 }).length };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** Attribution of a served file from its map on disk, or null when the map is missing or unreadable. */
export function attributeFile(code: string, mapPath: string): PackageShare[] | null {
  try {
    const map = JSON.parse(fs.readFileSync(mapPath, 'utf8')) as RawSourceMap;
    if (!Array.isArray(map.sources) || typeof map.mappings !== 'string') return null;
    return attributeCode(code, map);
  } catch {
    return null;
  }
}

/** Adds several files' attributions together (bytes and gzip summed per package). */
export function mergeShares(lists: PackageShare[][]): PackageShare[] {
  const total = new Map<string, PackageShare>();
  for (const list of lists) {
    for (const share of list) {
      const seen = total.get(share.pkg);
      if (seen) {
        seen.bytes += share.bytes;
        seen.gzip += share.gzip;
      } else {
        total.set(share.pkg, { ...share });
      }
    }
  }
  return [...total.values()].sort((a, b) => b.gzip - a.gzip);
}
