import {
  Activity,
  createContext,
  useCallback,
  useContext,
  useState,
  type ContextType,
  type ReactElement,
} from 'react';
import { UNSAFE_LocationContext, useLocation, useOutlet } from 'react-router-dom';
import { PageFade } from 'shared-ui';
import { KeptPageContext } from '../lib/kept-page';

/**
 * How many sections' pages stay mounted, hidden, once the employee has left them. A day's work
 * moves between a handful of lists (families, services, the ledger, seminars); each kept page is
 * its DOM and React state, a few hundred elements for a list of 20 rows.
 */
export const KEPT_PAGES_LIMIT = 4;

type LocationValue = ContextType<typeof UNSAFE_LocationContext>;

export interface KeptPage {
  /** The section's path: one of the sidebar's pages. */
  path: string;
  /** The route's element with its route context, as the router rendered it when last shown. */
  page: ReactElement | null;
  /** The location the page last saw; what it reads while hidden, so it does not follow others. */
  location: LocationValue;
  /** When it was last shown (a counter): the least recent goes first when there are too many. */
  shown: number;
}

function sameAddress(a: LocationValue['location'], b: LocationValue['location']): boolean {
  return (
    a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state
  );
}

/**
 * The kept pages after a render: the current one (when it is a section's page) and the others as
 * they were, in path order, at most `limit` of them (the least recently shown dropped first).
 * Left out: a page no longer offered; one asking to be dropped (`unkept`, see useDropWhenLeft);
 * a section's page when one of its own pages opens (a record, a form: the list it leads back to
 * is built anew and shows what was saved, as before pages were kept).
 * The current page keeps its element and location objects while its address is the same: a
 * sidebar click makes a new location (a new key) and the router a new route context, and either
 * would render every reader of them in the page again, the very work a return skips. The element
 * depends on nothing else: the shell's routes have no loaders or actions.
 */
export function nextKeptPages(
  previous: readonly KeptPage[],
  current: { path: string; page: ReactElement | null; location: LocationValue },
  offered: ReadonlySet<string>,
  limit = KEPT_PAGES_LIMIT,
  unkept: ReadonlySet<string> = new Set(),
): KeptPage[] {
  const latest = previous.reduce((max, kept) => Math.max(max, kept.shown), 0);
  const pages = previous.filter(
    (kept) =>
      offered.has(kept.path) &&
      !unkept.has(kept.path) &&
      kept.path !== current.path &&
      !current.path.startsWith(`${kept.path}/`),
  );
  if (offered.has(current.path)) {
    const before = previous.find((kept) => kept.path === current.path);
    const same = before && sameAddress(before.location.location, current.location.location);
    pages.push({
      path: current.path,
      page: same ? before.page : current.page,
      location: same ? before.location : current.location,
      shown: before && before.shown === latest ? latest : latest + 1,
    });
  }
  const keep = new Set(
    [...pages]
      .sort((a, b) => b.shown - a.shown)
      .slice(0, limit)
      .map((kept) => kept.path),
  );
  return pages.filter((kept) => keep.has(kept.path)).sort((a, b) => a.path.localeCompare(b.path));
}

function sameKeptPages(a: readonly KeptPage[], b: readonly KeptPage[]): boolean {
  return (
    a.length === b.length &&
    a.every((page, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        page.path === other.path &&
        page.page === other.page &&
        page.location === other.location &&
        page.shown === other.shown
      );
    })
  );
}

/**
 * Whether the first page the shell shows fades in: yes after a login in this tab (the default),
 * no when the page load itself opens into the shell (a reload, a link, a returning employee).
 */
export const FirstPageFadeContext = createContext(true);

/**
 * The shell's page area. A section's page (a sidebar link) stays mounted inside a hidden
 * `<Activity>` when the employee leaves it, so coming back shows it at once (a warm
 * section visit in 50 ms on a modest PC) instead of building its table again; its queries are
 * unsubscribed while hidden and refetch on return when stale, as on a fresh mount. Its search and
 * filters live in its address: a sidebar link opens the plain list, Back the filtered one. Any
 * other page (a record, a form) is mounted anew at each address, and opening one drops its own
 * section's page (see nextKeptPages). Each page fades in when it is shown
 * (docs/shell.md#screens-and-routes): a CSS animation replays when its element stops being
 * `display: none`.
 */
export function KeptPages({ sections }: { sections: ReadonlySet<string> }) {
  const { pathname } = useLocation();
  const location = useContext(UNSAFE_LocationContext);
  const outlet = useOutlet();
  const [committed, setCommitted] = useState<readonly KeptPage[]>([]);
  // Asked from effects (useDropWhenLeft), read when the page is left: one Set for the shell's life.
  const [unkept] = useState(() => new Set<string>());
  // A page load that opens straight into the shell draws its first page without the fade: there
  // is no page to fade from, and on a slow PC its title would otherwise stay transparent for
  // another 0.25 s after it is drawn. After a login the login page came before: that one fades.
  const fadeFirstPage = useContext(FirstPageFadeContext);
  // The first page's path until the employee first goes elsewhere; null from then on.
  const [firstPath, setFirstPath] = useState<string | null>(pathname);
  if (firstPath !== null && pathname !== firstPath) setFirstPath(null);
  const still = !fadeFirstPage && firstPath !== null;
  const kept = nextKeptPages(
    committed,
    { path: pathname, page: outlet, location },
    sections,
    KEPT_PAGES_LIMIT,
    unkept,
  );
  // Information from the previous render, the React way: a state update during render is allowed
  // for this component's own state; React drops this render's output and renders it again at once,
  // before its children, so no effect ever sees the stale list.
  if (!sameKeptPages(kept, committed)) setCommitted(kept);
  // The page shown comes first in <main>: what reads "the page's first heading" (a screen
  // reader's heading list, a test) meets it before the hidden ones. Showing a kept page moves its
  // root element once, which replays its fade-in too.
  const shown = kept.find((page) => page.path === pathname);
  const ordered = shown ? [shown, ...kept.filter((page) => page !== shown)] : kept;
  return (
    <>
      {shown ? null : (
        <PageFade key={pathname} $still={still}>
          {outlet}
        </PageFade>
      )}
      {ordered.map((page) => (
        <Activity key={page.path} mode={page === shown ? 'visible' : 'hidden'}>
          <KeptPageMarker path={page.path} unkept={unkept}>
            <UNSAFE_LocationContext.Provider value={page.location}>
              <PageFade $still={still}>{page.page}</PageFade>
            </UNSAFE_LocationContext.Provider>
          </KeptPageMarker>
        </Activity>
      ))}
    </>
  );
}

/** Lets the page ask to be dropped when left (useDropWhenLeft), with one stable function per page. */
function KeptPageMarker({
  path,
  unkept,
  children,
}: {
  path: string;
  unkept: Set<string>;
  children: ReactElement;
}) {
  const mark = useCallback(
    (keep: boolean) => {
      if (keep) unkept.delete(path);
      else unkept.add(path);
    },
    [path, unkept],
  );
  return <KeptPageContext.Provider value={mark}>{children}</KeptPageContext.Provider>;
}
