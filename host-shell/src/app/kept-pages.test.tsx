import { lazy, useState, type ReactElement } from 'react';
import { isInaccessible, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, type Location } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { makeEmployee } from '../testing/fixtures';
import { publishedRemotesRegistry } from '../testing/published-remotes';
import { renderApp, resetBrowserState } from '../testing/render-app';
import { nextKeptPages, type KeptPage } from './kept-pages';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const mockedLoadRemote = jest.mocked(loadRemote);

function locationValue(pathname: string, search = '', key = 'k'): KeptPage['location'] {
  const location: Location = { pathname, search, hash: '', state: null, key };
  return { location, navigationType: 'PUSH' as KeptPage['location']['navigationType'] };
}

function visit(path: string, search = '', key = 'k') {
  return { path, page: <p>{path}</p>, location: locationValue(path, search, key) };
}

const OFFERED = new Set(['/families', '/services', '/financial', '/seminars', '/surveys']);

describe('nextKeptPages', () => {
  test('keeps the sections visited, in path order, the current one with its latest element and address', () => {
    let kept = nextKeptPages([], visit('/services'), OFFERED);
    kept = nextKeptPages(kept, visit('/families'), OFFERED);
    const latest = visit('/families', '?page=2');
    kept = nextKeptPages(kept, latest, OFFERED);
    expect(kept.map((page) => page.path)).toEqual(['/families', '/services']);
    expect(kept[0]!.page).toBe(latest.page);
  });

  test("a page that is not a section is not kept; one of a section's own pages drops that section", () => {
    const before = nextKeptPages([], visit('/services'), OFFERED);
    expect(nextKeptPages(before, visit('/profile'), OFFERED)).toEqual(before);
    // One of the section's own pages drops it: the list it leads back to is built anew.
    expect(nextKeptPages(before, visit('/services/show/3'), OFFERED)).toEqual([]);
    expect(nextKeptPages(before, visit('/servicesX'), OFFERED)).toEqual(before);
  });

  test('drops the least recently shown beyond the limit, and sections no longer offered', () => {
    let kept: KeptPage[] = [];
    for (const path of ['/families', '/services', '/financial', '/families', '/seminars'])
      kept = nextKeptPages(kept, visit(path), OFFERED, 3);
    // /services was shown least recently: /families came back after it.
    expect(kept.map((page) => page.path)).toEqual(['/families', '/financial', '/seminars']);
    const fewer = nextKeptPages(kept, visit('/seminars'), new Set(['/seminars', '/families']), 3);
    expect(fewer.map((page) => page.path)).toEqual(['/families', '/seminars']);
  });

  test('leaves out a page that asked to be dropped once it is left, not while it is shown', () => {
    const kept = nextKeptPages([], visit('/services'), OFFERED);
    const unkept = new Set(['/services']);
    expect(nextKeptPages(kept, visit('/services'), OFFERED, 4, unkept)).toHaveLength(1);
    expect(nextKeptPages(kept, visit('/families'), OFFERED, 4, unkept).map((p) => p.path)).toEqual([
      '/families',
    ]);
  });

  test('keeps the element and location while the address is the same, so a return renders nothing again', () => {
    const first = nextKeptPages([], visit('/families', '?page=2', 'a'), OFFERED);
    const away = nextKeptPages(first, visit('/services', '', 'b'), OFFERED);
    const back = nextKeptPages(away, visit('/families', '?page=2', 'c'), OFFERED);
    expect(back[0]!.location).toBe(first[0]!.location);
    expect(back[0]!.page).toBe(first[0]!.page);
    const elsewhere = nextKeptPages(back, visit('/families', '?page=3', 'd'), OFFERED);
    expect(elsewhere[0]!.location.location.search).toBe('?page=3');
    expect(elsewhere[0]!.page).not.toBe(first[0]!.page);
  });
});

describe('the shell keeps the sections left', () => {
  const mounts = { services: 0, types: 0, finance: 0 };

  function counted(name: keyof typeof mounts, render: () => ReactElement) {
    return lazy(async () => ({
      default: function Page() {
        // Counted once per mount: the initialiser runs when React creates the component's state.
        useState(() => (mounts[name] += 1));
        return render();
      },
    }));
  }

  function ServicesList() {
    return (
      <>
        <h1>قائمة الخدمات</h1>
        <label>
          بحث
          <input />
        </label>
        <Link to="/services/service-types">أنواع الخدمات</Link>
      </>
    );
  }

  beforeEach(() => {
    resetBrowserState();
    Object.assign(mounts, { services: 0, types: 0, finance: 0 });
    mockedLoadRemote.mockReset();
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_services/pages'
        ? {
            default: {
              'services.list': counted('services', () => <ServicesList />),
              'services.types': counted('types', () => <h1>أنواع الخدمات</h1>),
            },
          }
        : { default: { 'financial.list': counted('finance', () => <h1>السجلات المالية</h1>) } },
    );
  });

  /** The shell at /services for an employee who may open services and finance. */
  async function openServices() {
    await renderApp({
      path: '/services',
      employee: makeEmployee({ permissions: ['show_services', 'show_financial'] }),
      registry: publishedRemotesRegistry(),
    });
  }

  test('a section left and visited again is the same page: mounted once, what was typed still there', async () => {
    const user = userEvent.setup();
    await openServices();
    await screen.findByRole('heading', { name: 'قائمة الخدمات' });
    await user.type(screen.getByRole('textbox', { name: 'بحث' }), 'أحمد');

    await user.click(screen.getByRole('link', { name: 'المالية' }));
    await screen.findByRole('heading', { name: 'السجلات المالية' });
    // Hidden while away: out of the accessibility tree, its heading not offered to anyone.
    expect(screen.queryByRole('heading', { name: 'قائمة الخدمات' })).not.toBeInTheDocument();
    expect(isInaccessible(screen.getByText('قائمة الخدمات', { selector: 'h1' }))).toBe(true);

    await user.click(screen.getByRole('link', { name: 'الخدمات' }));
    expect(screen.getByRole('heading', { name: 'قائمة الخدمات' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'بحث' })).toHaveValue('أحمد');
    expect(screen.queryByRole('heading', { name: 'السجلات المالية' })).not.toBeInTheDocument();
    expect(mounts).toMatchObject({ services: 1, finance: 1 });
    expect(mockedLoadRemote.mock.calls.map(([id]) => id)).toEqual([
      'mf_services/pages',
      'mf_finance/pages',
    ]);
  });

  test('a section whose remote failed to load is not kept: a return tries to load it again', async () => {
    const user = userEvent.setup();
    mockedLoadRemote.mockReset();
    mockedLoadRemote.mockImplementation(async (id) => {
      if (id === 'mf_services/pages') throw new Error('ScriptNetworkError');
      return { default: { 'financial.list': counted('finance', () => <h1>السجلات المالية</h1>) } };
    });
    await openServices();
    await screen.findByText('تعذر تحميل قسم «الخدمات»');
    const triesAtFirst = mockedLoadRemote.mock.calls.length;
    await user.click(screen.getByRole('link', { name: 'المالية' }));
    await screen.findByRole('heading', { name: 'السجلات المالية' });
    // Dropped, not hidden: nothing of the failed section is left in the page.
    expect(screen.queryByText('تعذر تحميل قسم «الخدمات»')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'الخدمات' }));
    await screen.findByText('تعذر تحميل قسم «الخدمات»');
    expect(
      mockedLoadRemote.mock.calls.filter(([id]) => id === 'mf_services/pages').length,
    ).toBeGreaterThan(triesAtFirst);
  });

  test('a page that is not a section (a record, a form, a sub-list) is built anew at each visit', async () => {
    const user = userEvent.setup();
    await openServices();
    await screen.findByRole('heading', { name: 'قائمة الخدمات' });
    await user.click(screen.getByRole('link', { name: 'أنواع الخدمات' }));
    await screen.findByRole('heading', { name: 'أنواع الخدمات' });
    await user.click(screen.getByRole('link', { name: 'الخدمات' }));
    await screen.findByRole('heading', { name: 'قائمة الخدمات' });
    // Left, it is gone from the page, not hidden.
    expect(screen.queryByText('أنواع الخدمات', { selector: 'h1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'أنواع الخدمات' }));
    await screen.findByRole('heading', { name: 'أنواع الخدمات' });
    // The services list was left for one of its own pages: built anew on the way back.
    expect(mounts).toMatchObject({ services: 2, types: 2 });
  });
});
