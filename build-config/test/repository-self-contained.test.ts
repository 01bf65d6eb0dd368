import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository explains itself: someone with only a clone must find every reason in it
 * (docs/architecture.md, docs/decisions/, the package READMEs). So no tracked file may point at a
 * design document or a specification kept elsewhere, nor cite a ticket number where the reason
 * belongs. Each hit is reported as `file:line: text`; replace it with the reason itself or a link
 * into docs/.
 */
const ROOT = path.resolve(__dirname, '../..');
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

/** Generated or binary files: nobody writes prose in them. */
const SKIPPED = new Set(['pnpm-lock.yaml', SELF]);
const BINARY = /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|otf|eot|pdf|zip|gz|br|tgz|xlsx)$/i;

/*
 * The forbidden forms and the samples below are written in pieces (`joined`), so this file does
 * not itself read, to a search of the tree, as pointing outside the repository.
 */
const joined = (...pieces: string[]) => pieces.join('');
const DESIGN_DOC = joined('DES', 'IGN');
const SPEC_DOC = joined('product', '-spec');

const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  {
    what: 'a design document outside the repository',
    pattern: new RegExp(`${DESIGN_DOC}\\.md|${DESIGN_DOC} §`, 'i'),
  },
  {
    what: 'a specification outside the repository',
    pattern: new RegExp(`spec §|${SPEC_DOC}`, 'i'),
  },
  { what: 'a path outside the repository', pattern: new RegExp(joined('\\.\\./', 'shared/'), 'i') },
  {
    what: 'background notes outside the repository',
    pattern: new RegExp(joined('\\breference', " §|reference's worked"), 'i'),
  },
  { what: 'a section of a document outside the repository', pattern: /§\s*\d/ },
  {
    what: 'a ticket number instead of the reason',
    pattern: new RegExp(joined('\\bissu', 'es? #?\\d+'), 'i'),
  },
];

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file !== '' && !SKIPPED.has(file) && !BINARY.test(file))
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

function hitsIn(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  if (text.includes('\0')) return [];
  const hits: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { what, pattern } of FORBIDDEN) {
      if (pattern.test(line)) hits.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
    }
  });
  return hits;
}

describe('the repository is self-contained', () => {
  const files = trackedTextFiles();

  test('it reads the tracked files', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('CONTRIBUTING.md');
  });

  test('no tracked file points outside the repository or cites a ticket number', () => {
    expect(files.flatMap(hitsIn)).toEqual([]);
  });

  test('each forbidden form is caught', () => {
    const samples = [
      joined('see ', DESIGN_DOC, '.md'),
      joined('(', DESIGN_DOC, ' §2)'),
      '(spec §6)',
      joined(SPEC_DOC, '.md'),
      joined('../', 'shared/notes.md'),
      joined('(reference', ' §1.6)'),
      'The rule of §4.3',
      joined('(issu', 'e 9, finding 5)'),
      joined('issu', "e 16's bench"),
      joined('the pages issu', 'es 13 and 14 add'),
    ];
    for (const sample of samples) {
      expect(FORBIDDEN.some(({ pattern }) => pattern.test(sample))).toBe(true);
    }
    expect(FORBIDDEN.some(({ pattern }) => pattern.test('docs/architecture.md#federation'))).toBe(
      false,
    );
  });
});
