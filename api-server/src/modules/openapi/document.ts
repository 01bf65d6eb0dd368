import { z } from 'zod';
import { apiErrorSchema } from 'shared-contracts';
import type { RouteDeclaration } from '../../http/access-control';

type JsonSchema = Record<string, unknown>;

/** zod 4 → JSON Schema 2020-12, the dialect OpenAPI 3.1 uses. */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
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
    .map((segment) => segment.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase()));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
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
export function buildOpenApiDocument(declarations: readonly RouteDeclaration[], info: OpenApiInfo): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};

  for (const declaration of declarations) {
    const relative = declaration.url.startsWith(info.prefix) ? declaration.url.slice(info.prefix.length) : declaration.url;
    const path = (relative === '' ? '/' : relative).replace(/:([A-Za-z_]+)/g, '{$1}');
    // Exports answer a file (XLSX, or CSV with ?format=csv), not JSON.
    const isFile = declaration.docs?.file === true || declaration.url.endsWith('/export');
    const docs = declaration.docs;
    const isPublic = declaration.access.kind === 'public';

    const parameters: JsonSchema[] = [...declaration.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    }));
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
        ...(docs?.response ? { content: { 'application/json': { schema: toJsonSchema(docs.response, 'output') } } } : {}),
        ...(isFile
          ? {
              content: {
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
    if (parameters.some((parameter) => parameter.in === 'path')) responses['404'] = errorResponse('غير موجود');
    if (declaration.method === 'POST' || declaration.method === 'PUT') responses['409'] = errorResponse('تعارض');
    if (docs?.body || docs?.query) responses['422'] = errorResponse('بيانات غير صالحة');
    if (declaration.url.endsWith('/auth/create/sanctum/token')) responses['429'] = errorResponse('محاولات كثيرة');

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
        ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(docs.body, 'input') } } } }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
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
