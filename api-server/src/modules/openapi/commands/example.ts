type JsonSchema = Record<string, unknown>;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The strings of a keyword that holds one or a list (`type`, `required`). */
function stringsOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string',
  );
}

/** Filler text for a free-text field: Arabic letters only, so every text rule accepts it. */
const SAMPLE_TEXT = 'نص تجريبي للتوضيح';

function sampleText(schema: JsonSchema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let text = SAMPLE_TEXT;
  while (text.length < min) text = `${text} ${SAMPLE_TEXT}`;
  return text.slice(0, Math.max(min, Math.min(max, text.length))).trim();
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'date':
      return '2026-03-01';
    case 'date-time':
      return '2026-03-01T08:00:00.000Z';
    case 'email':
      return 'name@example.org';
    case 'uri':
      return 'https://example.org';
    default:
      break;
  }
  // A lookup code (lower-case slug): the example names the shape; real codes come from /lookups.
  if (schema.pattern === '^[a-z][a-z0-9_]*$') return 'code';
  return sampleText(schema);
}

/** The end of a range (`ends_on`, `end_date`, `ends_at`) a month after its start's example. */
function laterWhenEnd(name: string, value: unknown): unknown {
  if (!/(^|_)ends?(_|$)/.test(name) || typeof value !== 'string') return value;
  return value
    .replace(/^2026-03-01/, '2026-03-31')
    .replace(/^2026-12-01T17:30$/, '2026-12-01T19:30');
}

/**
 * A value the schema describes, built from the schema alone as an integrator would: the field's
 * own example, const, first enum value or default; else one from its type, format and bounds.
 * Objects get their required properties only.
 */
export function exampleOf(schema: unknown): unknown {
  if (!isSchema(schema)) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const branch: unknown =
        branches.find((candidate) => isSchema(candidate) && candidate.type !== 'null') ??
        branches[0];
      return exampleOf(branch);
    }
  }
  const types = stringsOf(schema.type);
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const required = stringsOf(schema.required);
      return Object.fromEntries(
        required.map((name) => [name, laterWhenEnd(name, exampleOf(properties[name]))]),
      );
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: min }, () => exampleOf(schema.items));
    }
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number': {
      // 1 where the bounds allow it (an id, a count), else the nearest bound.
      const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return null;
  }
}
