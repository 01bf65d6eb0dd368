import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { NOUNS, type ArabicNoun } from '../../shared-contracts/src/core/plural';
import { PERSON_NOUN } from '../../shared-contracts/src/engagement/seminars/audience';
import { SEMINAR_NOUN } from '../../shared-contracts/src/engagement/seminars/seminar';
import { SURVEY_NOUNS } from '../../shared-contracts/src/engagement/surveys/common';
import { DASHBOARD_NOUNS } from '../../shared-contracts/src/reports/dashboard/dashboard';
import { SURVEY_NOUN } from '../../shared-contracts/src/reports/survey-report';

/**
 * Every count a person reads goes through the plural helper (shared-contracts/src/core/plural.ts):
 * Arabic picks the noun's form from the number («أسرة واحدة», «أسرتان», «3 أسر», «11 أسرة»,
 * «لا توجد أسر»), so a number written straight before a noun is wrong for most numbers.
 *
 * This scan reads the source of the API, the contracts, the design system, the shell and every
 * remote, and fails on a number interpolated right before a counted noun without the helper:
 * `${total} أسرة` in a template, `n + ' سجل'` in a concatenation, `{count} رد` in JSX. Wrapping
 * the number in `formatNumber` does not help (the digits are grouped, the noun is still wrong), so
 * only the helper's own functions may stand there (`countOf`, `ageOf`, `ageRangeOf`,
 * `nounFormFor`). The nouns are every form of every noun the product declares, plus the counted
 * words below that have no declaration. Units of measure are not counts and are left out: «ريال»,
 * «سعرة», «٪» (amounts read "1,500 ريال" whatever the number).
 *
 * The same reading of the sources checks dates: a value named like a date (`from`, `to`,
 * `…_date`, `…_on`, `…_at`, `…On`) interpolated into Arabic text is an ISO date a person would
 * read as «2026-11-27»; it goes through the formatters instead (`periodText`, `dateText`).
 */
const ROOT = path.resolve(__dirname, '../..');

const DECLARED: readonly ArabicNoun[] = [
  ...Object.values(NOUNS),
  PERSON_NOUN,
  SEMINAR_NOUN,
  SURVEY_NOUN,
  ...Object.values(SURVEY_NOUNS),
  ...Object.values(DASHBOARD_NOUNS),
];

/** Counted words no shared noun declares (a remote's own noun, e.g. an archive copy). */
const UNDECLARED_COUNTED = ['نسخة', 'نسخ', 'زيارة', 'زيارات'];

/**
 * «رقم» is also "number" before an identifier (`استبيان رقم ${id}`), not only the counted "digit";
 * its other forms (أرقام، رقماً) are counted.
 */
const NOT_ONLY_COUNTED = new Set(['رقم']);

const COUNTED_WORDS = new Set(
  [
    ...DECLARED.flatMap((noun) => [noun.one, noun.two, noun.few, noun.many, noun.other]),
    ...UNDECLARED_COUNTED,
  ].filter((word) => !NOT_ONLY_COUNTED.has(word)),
);

/** The plural helper's functions: a count through them is correct by construction. */
const HELPERS = new Set(['countOf', 'ageOf', 'ageRangeOf', 'nounFormFor']);

/**
 * Known sentences where a number stands before a counted word but is not a count of it; each
 * names its file and the exact text, and says why. Keep it short.
 */
const ALLOWED: readonly { file: string; text: string; why: string }[] = [];

const SOURCE_ROOTS = [
  'api-server/src',
  'shared-contracts/src',
  'shared-ui/src',
  'host-shell/src',
  ...fs
    .readdirSync(ROOT)
    .filter((dir) => dir.startsWith('mf-'))
    .map((dir) => `${dir}/src`),
];

function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [relative] : [];
  });
}

/** The first Arabic word of a text after optional spaces and an opening bracket. */
function leadingWord(text: string): string | null {
  const match = /^[\s\u00a0\u200f\u200e]*([\u0600-\u06ff]+)/u.exec(text);
  const word = match?.[1];
  // A counted noun stands alone right after its number: no prefix is stripped.
  return word ?? null;
}

function isHelperCall(expression: ts.Expression): boolean {
  let node: ts.Expression = expression;
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isConditionalExpression(node))
    return isHelperCall(node.whenTrue) && isHelperCall(node.whenFalse);
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : '';
  return HELPERS.has(name);
}

/**
 * After a preposition the dual is oblique: «من شخصين», never «من شخصان». A count right after one
 * of these words must pass `case: 'oblique'` to the helper.
 */
const PREPOSITIONS = /(?:^|[\s(«])(?:من|إلى|على|عن|في|بعد|قبل|حتى|مع|بين|أقل من|أكثر من)\s+$/u;

function isNominativeCount(expression: ts.Expression): boolean {
  let node: ts.Expression = expression;
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return false;
  if (node.expression.text !== 'countOf' && node.expression.text !== 'nounFormFor') return false;
  const options = node.arguments[2];
  return !(
    options &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.some(
      (property) =>
        ts.isPropertyAssignment(property) &&
        property.name.getText() === 'case' &&
        ts.isStringLiteral(property.initializer) &&
        property.initializer.text === 'oblique',
    )
  );
}

/** A plain string piece that ends the expression-to-text boundary. */
function stringText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
}

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Every number-before-a-counted-noun of one source text that does not go through the helper. */
export function findBareCounts(file: string, source: string): Finding[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const findings: Finding[] = [];
  const report = (node: ts.Node) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file, line: line + 1, text: node.getText(sourceFile).slice(0, 160) });
  };
  const counted = (text: string) => {
    const word = leadingWord(text);
    return word !== null && COUNTED_WORDS.has(word);
  };

  const visit = (node: ts.Node) => {
    // `${n} أسرة`, and `من ${countOf(n, noun)}` without the oblique case
    if (ts.isTemplateExpression(node)) {
      node.templateSpans.forEach((span, index) => {
        if (counted(span.literal.text) && !isHelperCall(span.expression)) report(node);
        const before = index === 0 ? node.head.text : node.templateSpans[index - 1]?.literal.text;
        if (before !== undefined && PREPOSITIONS.test(before) && isNominativeCount(span.expression))
          report(node);
      });
    }
    // n + ' أسرة' (and `a + b + ' أسرة'`, which parses as (a + b) + ' أسرة')
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const right = stringText(node.right);
      if (right !== null && stringText(node.left) === null && counted(right)) {
        const left = ts.isBinaryExpression(node.left) ? node.left.right : node.left;
        if (!isHelperCall(left)) report(node);
      }
    }
    // <p>{n} أسرة</p>
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const children = node.children;
      children.forEach((child, index) => {
        const next = children[index + 1];
        if (
          ts.isJsxExpression(child) &&
          child.expression &&
          next &&
          ts.isJsxText(next) &&
          counted(next.text) &&
          !isHelperCall(child.expression)
        )
          report(child);
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

/** Names that read like dates but hold something else; each says what. */
const NOT_DATES: readonly { file: string; text: string; why: string }[] = [
  {
    file: 'shared-contracts/src/admin/calorie-settings.ts',
    text: 'الأعمار من ${from} إلى ${to}',
    why: 'ages in years of a gap or an overlap between calorie bands, not dates',
  },
];

/** A name that holds a date: `from`, `to`, `start_date`, `ends_on`, `created_at`, `archivedOn`. */
const DATE_NAME = /^(?:from|to)$|_date$|_on$|_at$|[a-z]On$|[a-z]Date$|^date$/;

/** The name an expression reads, when it is a bare identifier or property (`period.from`). */
function readName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return null;
}

/** The property a template is the value of (`fileName: `…``), to leave file names alone. */
function assignedName(node: ts.Node): string | null {
  const parent = node.parent;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  return null;
}

/**
 * Every date interpolated raw into Arabic text (`من ${period.from} إلى ${period.to}`): a date a
 * person reads goes through the formatters (`dateText`, `periodText`, shared-ui's `formatDate`).
 * File names keep ISO dates (they sort), and SQL is not text for people.
 */
export function findRawDates(file: string, source: string): Finding[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const findings: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isTemplateExpression(node) &&
      !ts.isTaggedTemplateExpression(node.parent) &&
      !/^file|Name$|Prefix$|Key$/.test(assignedName(node) ?? '') &&
      /[\u0600-\u06ff]/u.test(
        [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(''),
      )
    ) {
      const raw = node.templateSpans.some((span) =>
        DATE_NAME.test(readName(span.expression) ?? ''),
      );
      if (raw) {
        const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
        findings.push({ file, line: line + 1, text: node.getText(sourceFile).slice(0, 160) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

describe('every count a person reads goes through the plural helper', () => {
  it('catches a bare number before a counted noun in templates, concatenations and JSX', () => {
    const bad = [
      'const a = `تصدير قائمة الأسر (${total} أسرة)`;',
      'const b = `(${formatNumber(rows.length)} سجل)`;',
      "const c = total + ' موظف';",
      'const d = <p>{responses} رد</p>;',
      'const e = `من ${min} إلى ${max} سنة`;',
      'const f = `${formatNumber(n)} من ${countOf(capacity, PERSON_NOUN)}`;',
    ];
    expect(bad.map((line) => findBareCounts('sample.tsx', line).length)).toEqual([
      1, 1, 1, 1, 1, 1,
    ]);
    const good = [
      "const a = `تصدير قائمة الأسر (${countOf(total, 'family')})`;",
      "const b = `حضر ${formatNumber(n)} من ${countOf(total, PERSON_NOUN, { case: 'oblique' })}`;",
      'const c = `الأسرة ${fileNumber}`;',
      "const d = <p>{countOf(n, 'service')} منفذة</p>;",
      'const e = `${formatCurrency(amount)} ريال`;',
      "const f = `${n > 0 ? countOf(n, 'record') : countOf(0, 'record')} فقط`;",
    ];
    expect(good.flatMap((line) => findBareCounts('sample.tsx', line))).toEqual([]);
  });

  it('finds none in the API, the contracts, the design system, the shell and the remotes', () => {
    const files = SOURCE_ROOTS.flatMap(sourceFiles);
    // The scan must actually read the product (a moved folder would make it pass vacuously).
    expect(files.length).toBeGreaterThan(500);
    const findings = files
      .flatMap((file) => findBareCounts(file, fs.readFileSync(path.join(ROOT, file), 'utf8')))
      .filter(
        (finding) =>
          !ALLOWED.some(
            (allowed) => allowed.file === finding.file && finding.text.includes(allowed.text),
          ),
      )
      .map((finding) => `${finding.file}:${finding.line} ${finding.text}`);
    expect(findings).toEqual([]);
  });
});

describe('every date a person reads is formatted', () => {
  it('catches an ISO date interpolated into Arabic text, not a formatted one or a file name', () => {
    const bad = [
      'const a = `${title} من ${period.from} إلى ${period.to}`;',
      'const b = `نسخة مؤرشفة بتاريخ ${archivedOn}`;',
      'const c = `ينتهي في ${survey.ends_on}`;',
    ];
    expect(bad.map((line) => findRawDates('sample.ts', line).length)).toEqual([1, 1, 1]);
    const good = [
      'const a = `${title} ${periodText(period.from, period.to)}`;',
      'const b = `نسخة مؤرشفة بتاريخ ${dateText(archivedOn)}`;',
      'const c = { fileNameAr: `أرشيف-${stem}-${archivedOn}` };',
      'const d = sql`select ${from}::date`;',
    ];
    expect(good.flatMap((line) => findRawDates('sample.ts', line))).toEqual([]);
  });

  it('finds none in the API, the contracts, the design system, the shell and the remotes', () => {
    const findings = SOURCE_ROOTS.flatMap(sourceFiles)
      .flatMap((file) => findRawDates(file, fs.readFileSync(path.join(ROOT, file), 'utf8')))
      .filter(
        (finding) =>
          !NOT_DATES.some(
            (known) => known.file === finding.file && finding.text.includes(known.text),
          ),
      )
      .map((finding) => `${finding.file}:${finding.line} ${finding.text}`);
    expect(findings).toEqual([]);
  });
});
