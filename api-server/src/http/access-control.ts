import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  hasAllPermissions,
  isPermissionKey,
  isSuperAdmin,
  type PermissionKey,
} from 'shared-contracts';
import { forbidden, MESSAGES, unauthenticated } from './errors';

/** What OpenAPI says about a route; the zod schemas are the ones the handler parses with. */
export interface RouteDocs {
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodObject;
  response?: z.ZodType;
  /** The success status, 200 unless given. */
  status?: number;
  /** The answer is a file (XLSX/CSV export), not JSON. */
  file?: true;
  /** The file's content types, when not an export's XLSX or CSV. */
  fileTypes?: readonly string[];
  /** A multipart upload: its text fields and its file field. */
  upload?: { fields: z.ZodObject; file: string };
}

/**
 * Every route says who may call it, in its Fastify `config` — exactly one of:
 * `permissions` (every key required, docs/shell.md#permissions) optionally with `anyOf` (at least
 * one of these keys as well; `permissions` may then be empty), `public`, `superAdminOnly`,
 * `authenticatedOnly`. `allowInactive` lets an inactive employee through (only GET /user and
 * logout).
 */
export interface RouteAccessConfig {
  permissions?: readonly PermissionKey[];
  /** At least one of these keys (besides every key of `permissions`). */
  anyOf?: readonly PermissionKey[];
  public?: true;
  superAdminOnly?: true;
  authenticatedOnly?: true;
  allowInactive?: true;
  docs?: RouteDocs;
  /** The shared-contracts endpoint a route serves (`families.show`), set by registerEndpoint. */
  endpointId?: string;
  /** Set by onRoute, read by the onRequest hook, so a request never re-resolves the rule. */
  resolvedAccess?: ResolvedAccess;
}

interface ResolvedAccess {
  access: RouteAccess;
  allowInactive: boolean;
}

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'super-admin' }
  | {
      kind: 'permissions';
      permissions: readonly PermissionKey[];
      anyOf?: readonly PermissionKey[];
    };

export interface RouteDeclaration {
  method: string;
  /** The full URL pattern including the prefix, e.g. `/api/employees/:id`. */
  url: string;
  access: RouteAccess;
  allowInactive: boolean;
  docs?: RouteDocs;
  /** The shared-contracts endpoint it serves, when registered with registerEndpoint. */
  endpointId?: string;
}

/**
 * The employee making a request, as the auth module resolves a token (the employees module's
 * `EmployeeAccount`: an employee row without its secret and search columns). Declared here so the
 * HTTP layer depends on no module.
 */
export interface CallerAccount {
  id: number;
  name: string;
  email: string;
  active: boolean;
  role: string | null;
  permissions: string[];
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
}

/** Who is calling: set by the access hook on every non-public route. */
export interface AuthContext {
  tokenId: number;
  employee: CallerAccount;
}

export type Authenticate = (token: string) => Promise<AuthContext | null>;

declare module 'fastify' {
  // Fastify merges this into every route's `config`; an interface (not a type) is what merges.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccessConfig {}
  interface FastifyInstance {
    /** Every declared route, in registration order: OpenAPI and the permission-matrix test read it. */
    routeDeclarations: readonly RouteDeclaration[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Resolves a route's config to one access rule, or explains what is wrong with it. */
export function resolveAccess(config: RouteAccessConfig | undefined): RouteAccess | string {
  const declared = [
    config?.public ? 'public' : null,
    config?.superAdminOnly ? 'superAdminOnly' : null,
    config?.authenticatedOnly ? 'authenticatedOnly' : null,
    config?.permissions !== undefined || config?.anyOf !== undefined ? 'permissions' : null,
  ].filter((kind) => kind !== null);
  if (declared.length === 0) {
    return 'declares no access rule (config: permissions | public | superAdminOnly | authenticatedOnly)';
  }
  if (declared.length > 1) return `declares more than one access rule (${declared.join(', ')})`;
  if (config?.public) {
    return config.allowInactive ? 'is public, so allowInactive means nothing' : { kind: 'public' };
  }
  if (config?.superAdminOnly) return { kind: 'super-admin' };
  if (config?.authenticatedOnly) return { kind: 'authenticated' };
  const permissions = config?.permissions ?? [];
  const anyOf = config?.anyOf;
  if (anyOf !== undefined && anyOf.length === 0) return 'declares an empty anyOf list';
  if (permissions.length === 0 && anyOf === undefined) {
    return 'declares an empty permissions list (use authenticatedOnly)';
  }
  const unknown = [...permissions, ...(anyOf ?? [])].filter((key) => !isPermissionKey(key));
  if (unknown.length > 0) return `declares unknown permission keys: ${unknown.join(', ')}`;
  return anyOf
    ? { kind: 'permissions', permissions: [...permissions], anyOf: [...anyOf] }
    : { kind: 'permissions', permissions: [...permissions] };
}

/** True when the employee holds every required key and, with `anyOf`, at least one of those. */
export function hasRequiredPermissions(
  employee: { permissions: readonly string[] },
  access: { permissions: readonly PermissionKey[]; anyOf?: readonly PermissionKey[] },
): boolean {
  if (!hasAllPermissions({ active: true, permissions: employee.permissions }, access.permissions))
    return false;
  return !access.anyOf || access.anyOf.some((key) => employee.permissions.includes(key));
}

export function readBearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The decision for an authenticated caller, shared by the hook and its unit tests. */
export function checkAccess(auth: AuthContext, access: RouteAccess, allowInactive: boolean): void {
  const employee = auth.employee;
  if (!employee.active && !allowInactive) throw forbidden(MESSAGES.inactive);
  if (access.kind === 'super-admin' && !isSuperAdmin(employee)) throw forbidden();
  if (access.kind === 'permissions' && !hasRequiredPermissions(employee, access)) throw forbidden();
}

/**
 * Installs the access rules on the root instance (before any route is registered):
 * - onRoute collects each route's declaration and throws at startup when one is missing or wrong;
 * - one onRequest hook enforces it. It runs before the body is parsed, so an anonymous or
 *   unauthorised caller never makes us parse a body, and 401/403 win over 400/422.
 */
export function installAccessControl(app: FastifyInstance, authenticate: Authenticate): void {
  const declarations: RouteDeclaration[] = [];
  app.decorate('routeDeclarations', declarations);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as RouteAccessConfig | undefined;
    const access = resolveAccess(config);
    if (typeof access === 'string') {
      throw new Error(`Route ${methods.join(',')} ${route.url} ${access}`);
    }
    const allowInactive = config?.allowInactive === true;
    for (const method of methods) {
      declarations.push({
        method,
        url: route.url,
        access,
        allowInactive,
        docs: config?.docs,
        endpointId: config?.endpointId,
      });
    }
    // Fastify copies `config` into the route's context after the onRoute hooks have run.
    route.config = { ...config, resolvedAccess: { access, allowInactive } };
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.is404) return;
    const rule = request.routeOptions.config.resolvedAccess;
    // Every route was checked by onRoute; a missing rule can only be Fastify-internal, so refuse.
    if (!rule) throw forbidden();
    if (rule.access.kind === 'public') return;
    const token = readBearerToken(request.headers.authorization);
    if (!token) throw unauthenticated();
    const auth = await authenticate(token);
    if (!auth) throw unauthenticated();
    request.auth = auth;
    checkAccess(auth, rule.access, rule.allowInactive);
  });
}

/** The authenticated caller inside a handler of a non-public route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
