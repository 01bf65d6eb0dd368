import { z } from 'zod';
import { apiErrorSchema, OPENAPI_HINT_KEY, type OpenApiHint } from 'shared-contracts';
import type { RouteDeclaration } from '../../../http/access-control';
import { BODY_EXAMPLES } from './body-examples';
import { exampleOf } from './example';

type JsonSchema = Record<string, unknown>;

/** Keys a hint keeps from the generated fragment: what the contract itself says about the field. */
const KEPT_BESIDE_HINT = new Set(['description', 'title', 'default']);

/**
 * Rewrites one generated fragment in place (zod's `override`, called for every node):
 * - a value schema with an OpenAPI hint (shared-contracts `withOpenApiHint`: money, dates, local
 *   date-times, ids, typed integers) becomes the hint's fragment for this direction;
 * - a table keyed by a fixed list (`z.record(z.enum([...]), …)`, the lookup tables) names each
 *   key as a property, so the keys it requires are defined.
 */
function rewrite(json: JsonSchema, io: 'input' | 'output'): void {
  const hint = json[OPENAPI_HINT_KEY] as OpenApiHint | undefined;
  if (hint) {
    delete json[OPENAPI_HINT_KEY];
    const fragment = hint[io];
    if (fragment) {
      for (const key of Object.keys(json)) if (!KEPT_BESIDE_HINT.has(key)) delete json[key];
      Object.assign(json, structuredClone(fragment));
    }
  }
  const { propertyNames } = json;
  const names =
    typeof propertyNames === 'object' &&
    propertyNames !== null &&
    'enum' in propertyNames &&
    Array.isArray(propertyNames.enum)
      ? propertyNames.enum
      : undefined;
  if (names && json.additionalProperties !== undefined && json.properties === undefined) {
    const value = json.additionalProperties;
    json.properties = Object.fromEntries(names.map((name) => [String(name), value]));
    json.additionalProperties = false;
    delete json.propertyNames;
  }
}

/** zod 4 → JSON Schema 2020-12, the dialect OpenAPI 3.1 uses. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => rewrite(jsonSchema, io),
  });
  return rest;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment
        .replace(/[{}]/g, '')
        .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase()),
    );
  return [
    method.toLowerCase(),
    ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)),
  ].join('');
}

/**
 * A request body: its schema, a description naming what it is for and what it requires, and an
 * example built from the schema (required fields only, each from its own example, format or
 * bounds; body-examples.ts for the bodies whose rules span fields) — the test suite checks every example against the zod schema and sends it to the API.
 */
function requestBodyOf(key: string, summary: string, body: z.ZodType): JsonSchema {
  const schema = toJsonSchema(body, 'input');
  const example = key in BODY_EXAMPLES ? BODY_EXAMPLES[key] : exampleOf(schema);
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];
  return {
    required: true,
    description: `${summary}. ${required.length > 0 ? `الحقول المطلوبة: ${required.join('، ')}.` : 'لا حقول مطلوبة.'} JSON بصيغة snake_case.`,
    content: { 'application/json': { schema, example } },
  };
}

/** A multipart upload: its text fields from their schema, and its file as binary. */
function uploadBodyOf(summary: string, upload: { fields: z.ZodObject; file: string }): JsonSchema {
  const fields = toJsonSchema(upload.fields, 'input');
  const properties = typeof fields.properties === 'object' ? fields.properties : {};
  const required = Array.isArray(fields.required) ? fields.required : [];
  return {
    required: true,
    description: `${summary}. multipart/form-data: الحقول النصية ثم الملف في الحقل ${upload.file}.`,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { ...properties, [upload.file]: { type: 'string', format: 'binary' } },
          required: [...required, upload.file],
        },
      },
    },
  };
}

export interface OpenApiInfo {
  prefix: string;
  title: string;
  version: string;
}

/**
 * The OpenAPI 3.1 description of every declared route, from the same zod schemas the handlers
 * parse with. Each operation also carries its access rule (`x-access`, `x-permissions`).
 */
export function buildOpenApiDocument(
  declarations: readonly RouteDeclaration[],
  info: OpenApiInfo,
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};

  for (const declaration of declarations) {
    const relative = declaration.url.startsWith(info.prefix)
      ? declaration.url.slice(info.prefix.length)
      : declaration.url;
    const path = (relative === '' ? '/' : relative).replace(/:([A-Za-z_]+)/g, '{$1}');
    // Exports answer a file (XLSX, or CSV with ?format=csv), not JSON.
    const isFile = declaration.docs?.file === true || declaration.url.endsWith('/export');
    const docs = declaration.docs;
    const isPublic = declaration.access.kind === 'public';

    const parameters: JsonSchema[] = [...declaration.url.matchAll(/:([A-Za-z_]+)/g)].map(
      (match) => ({
        name: match[1],
        in: 'path',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      }),
    );
    if (docs?.query) {
      for (const [name, field] of Object.entries(docs.query.shape as Record<string, z.ZodType>)) {
        parameters.push({
          name,
          in: 'query',
          required: !field.safeParse(undefined).success,
          schema: toJsonSchema(field, 'input'),
        });
      }
    }

    const status = String(docs?.status ?? 200);
    const responses: Record<string, unknown> = {
      [status]: {
        description: 'نجاح',
        ...(docs?.response
          ? { content: { 'application/json': { schema: toJsonSchema(docs.response, 'output') } } }
          : {}),
        ...(isFile
          ? {
              content: docs?.fileTypes
                ? Object.fromEntries(
                    docs.fileTypes.map((type) => [
                      type,
                      { schema: { type: 'string', format: 'binary' } },
                    ]),
                  )
                : {
                    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {},
                    'text/csv': {},
                  },
            }
          : {}),
      },
    };
    if (docs?.body) responses['400'] = errorResponse('صيغة JSON غير صالحة');
    if (!isPublic) {
      responses['401'] = errorResponse('يجب تسجيل الدخول');
      responses['403'] = errorResponse('ليست لديك صلاحية أو الحساب غير مفعل');
    }
    if (parameters.some((parameter) => parameter.in === 'path'))
      responses['404'] = errorResponse('غير موجود');
    if (declaration.method === 'POST' || declaration.method === 'PUT')
      responses['409'] = errorResponse('تعارض');
    if (docs?.body || docs?.query || docs?.upload)
      responses['422'] = errorResponse('بيانات غير صالحة');
    if (docs?.upload) responses['413'] = errorResponse('الملف أكبر من المسموح به');
    if (declaration.url.endsWith('/auth/create/sanctum/token'))
      responses['429'] = errorResponse('محاولات كثيرة');
    // Any request can be refused before a route's own checks (a malformed URL or header, a body
    // over the size limit): said once for the routes that list no refusal of their own.
    if (!Object.keys(responses).some((code) => code.startsWith('4')))
      responses['4XX'] = errorResponse('طلب مرفوض');

    const access = declaration.access;
    (paths[path] ??= {})[declaration.method.toLowerCase()] = {
      operationId: operationId(declaration.method, path),
      summary: docs?.summary ?? `${declaration.method} ${path}`,
      tags: docs?.tags ?? [],
      security: isPublic ? [] : [{ bearerAuth: [] }],
      'x-access': access.kind,
      'x-permissions': access.kind === 'permissions' ? access.permissions : [],
      'x-any-of': access.kind === 'permissions' ? (access.anyOf ?? []) : [],
      'x-super-admin-only': access.kind === 'super-admin',
      'x-allow-inactive': declaration.allowInactive,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(docs?.body
        ? { requestBody: requestBodyOf(`${declaration.method} ${path}`, docs.summary, docs.body) }
        : {}),
      ...(docs?.upload ? { requestBody: uploadBodyOf(docs.summary, docs.upload) } : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description:
        'واجهة عطاء البرمجية. JSON بصيغة snake_case؛ عنصر واحد { data }، قائمة { data, meta }، خطأ { message, errors }.',
    },
    servers: [{ url: info.prefix === '' ? '/' : info.prefix }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: toJsonSchema(apiErrorSchema, 'output') },
    },
    paths,
  };
}
