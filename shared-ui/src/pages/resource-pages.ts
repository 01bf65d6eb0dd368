import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  conventionalResourcesOf,
  type ConventionalPageIdOf,
  type RemoteName,
} from 'shared-contracts';

/** The page files of a resource feature: `<resource>-list-page`, `-form-page` (create and edit), `-show-page`. */
export type ResourcePageFile = 'list' | 'form' | 'show';

type PageModule = Promise<{ default: ComponentType }>;
type LazyPage = LazyExoticComponent<ComponentType>;

/**
 * The page-map entries of a resource the route table declares with `resourceRoutes`: one entry in
 * a remote's `src/pages.ts`, by the page ids' prefix (`pageIdPrefix`, which may differ from the
 * feature folder's name: page ids are kept across renames, docs/names.md),
 *
 *   ...resourcePages('orgs', (page) => import(`./features/organisations/pages/organisations-${page}-page`)),
 *
 * Each file stays its own chunk (webpack splits a template import per matching file). The create
 * and edit routes share the form page, which tells them apart by the route's `:id`.
 */
export function resourcePages<const P extends string>(
  prefix: P,
  load: (page: ResourcePageFile) => PageModule,
): Record<`${P}.list` | `${P}.create` | `${P}.edit` | `${P}.show`, LazyPage> {
  const form = lazy(() => load('form'));
  return {
    [`${prefix}.list`]: lazy(() => load('list')),
    [`${prefix}.create`]: form,
    [`${prefix}.edit`]: form,
    [`${prefix}.show`]: lazy(() => load('show')),
    // Computed keys widen to `string`; the four keys above are exactly the declared ones.
  } as Record<`${P}.list` | `${P}.create` | `${P}.edit` | `${P}.show`, LazyPage>;
}

/** A conventional resource's record pages: show, and create/edit in one form page. */
type RecordPagesModule = Promise<{ FormPage: ComponentType; ShowPage: ComponentType }>;

/**
 * The page-map entries of every conventional resource a remote owns (shared-contracts
 * `defineResource` with `pages: 'conventional'`, as `pnpm new:resource` writes it): one line in
 * each remote's `src/pages.ts`, so a new resource's pages need no edit there,
 *
 *   ...resourcePages.declared('mf-services', (name, file) => import(`./features/${name}/pages/${name}-${file}-page`)),
 *
 * `<name>-list-page` (default export) and `<name>-record-page` (`ShowPage`, `FormPage`): two chunks.
 */
function declaredResourcePages<const O extends RemoteName>(
  owner: O,
  load: (name: string, file: 'list' | 'record') => PageModule | RecordPagesModule,
): Record<ConventionalPageIdOf<O>, LazyPage> {
  const entries = conventionalResourcesOf(owner).flatMap((name) => {
    const record = () => load(name, 'record') as RecordPagesModule;
    const form = lazy(async () => ({ default: (await record()).FormPage }));
    return [
      [`${name}.list`, lazy(() => load(name, 'list') as PageModule)],
      [`${name}.create`, form],
      [`${name}.edit`, form],
      [`${name}.show`, lazy(async () => ({ default: (await record()).ShowPage }))],
    ] as const;
  });
  // Keys computed from the declarations: exactly the conventional page ids of `owner`.
  return Object.fromEntries(entries) as Record<ConventionalPageIdOf<O>, LazyPage>;
}

// A property of `resourcePages` (`resourcePages.declared(…)`), so it comes with the export the
// remotes already import.
resourcePages.declared = declaredResourcePages;
