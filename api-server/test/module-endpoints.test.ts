import type { Endpoint } from 'shared-contracts';
import { API_MODULES } from '../src/modules';
import { describeEachDatabase } from './support/harness';

/**
 * The module list is the one place that says which shared-contracts endpoint tables the API
 * serves (`ApiModule.endpoints`): every endpoint of those tables is registered exactly once, by
 * the module that lists it, with its declared method, path and id — and a module that lists
 * tables registers nothing else.
 */
describeEachDatabase('module endpoint tables', (h) => {
  const tabled = API_MODULES.filter((module) => (module.endpoints ?? []).length > 0);
  const endpointsOf = (tables: readonly Readonly<Record<string, Endpoint>>[]) =>
    tables.flatMap((table) => Object.values(table));
  const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

  test('every domain module lists its tables', () => {
    // The modules whose routes no contract declares (the probe, the OpenAPI pages, the benchmark,
    // the job runner's hooks); every other module with routes lists its tables, so a new module
    // (pnpm new:resource) is checked here without being named.
    const undeclared = new Set(['bench', 'health', 'openapi', 'jobs']);
    const untabled = API_MODULES.filter((module) => module.routes && !tabled.includes(module));
    expect(untabled.map((module) => module.name).filter((name) => !undeclared.has(name))).toEqual(
      [],
    );
  });

  test('every declared endpoint is registered exactly once, by its module, as declared', () => {
    const failures: string[] = [];
    for (const module of tabled) {
      for (const endpoint of endpointsOf(module.endpoints ?? [])) {
        const url = `/api${endpoint.path}`;
        const declarations = h.app.routeDeclarations.filter(
          (declaration) => declaration.method === endpoint.method && declaration.url === url,
        );
        const registeredBy = h.app.moduleRoutes
          .filter((route) => route.method === endpoint.method && route.url === url)
          .map((route) => route.module);
        if (declarations.length !== 1)
          failures.push(
            `${endpoint.id}: ${declarations.length} registrations of ${endpoint.method} ${url}`,
          );
        else if (declarations[0]?.endpointId !== endpoint.id)
          failures.push(
            `${endpoint.id}: ${endpoint.method} ${url} serves ${declarations[0]?.endpointId ?? 'no declaration'}`,
          );
        if (registeredBy.join() !== module.name)
          failures.push(
            `${endpoint.id}: registered by ${registeredBy.join(', ') || 'no module'}, listed by ${module.name}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  test('a module that lists tables registers nothing they do not declare', () => {
    const failures: string[] = [];
    for (const module of tabled) {
      const declared = new Set(
        endpointsOf(module.endpoints ?? []).map(
          (endpoint) => `${endpoint.method} /api${endpoint.path}`,
        ),
      );
      for (const route of h.app.moduleRoutes.filter(
        (candidate) => candidate.module === module.name,
      )) {
        if (!declared.has(label(route)))
          failures.push(
            `${module.name} registers ${label(route)}, which none of its tables declares`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  test('every route of the app was registered by a module of the list, and names no other endpoint twice', () => {
    const byModule = new Set(h.app.moduleRoutes.map(label));
    expect(h.app.routeDeclarations.map(label).filter((route) => !byModule.has(route))).toEqual([]);
    const ids = h.app.routeDeclarations.flatMap((declaration) =>
      declaration.endpointId ? [declaration.endpointId] : [],
    );
    expect(ids.length).toBe(new Set(ids).size);
  });
});
