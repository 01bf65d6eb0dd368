import { lazy, type ComponentType } from 'react';
import type * as ReactModule from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSION_KEYS } from 'shared-contracts';
import {
  SLOT_PANEL_RETRY_LABEL,
  Slot,
  SlotLoaderProvider,
  slotPanelFailedText,
  type SlotLoader,
  type SlotPanelRequest,
} from '../src';
import type * as SlotLoaderModule from '../src/slots/slot-loader';
import { renderInApp } from './render';

// The slot table gives `families.show` one panel: mf-admin's activity panel, super admins only.
const TITLE = 'آخر نشاط على ملف الأسرة';
const REQUEST: SlotPanelRequest = {
  slot: 'families.show',
  remote: 'mf-admin',
  panelId: 'families.show.activity',
};

const employee = (extra: Record<string, unknown>) => ({
  id: 1,
  name: 'مدير النظام',
  email: 'admin@ataa.local',
  active: true,
  is_active: true,
  permissions: [],
  role: null,
  roles: [],
  ...extra,
});
const superAdmin = employee({ role: 'Super Admin' });
const everyKey = employee({ permissions: [...PERMISSION_KEYS], role: 'مدير' });

function ActivityPanel({ familyId }: { familyId: number }) {
  return <p>سجل الأسرة رقم {familyId}</p>;
}

/** A loader whose answer the test decides; records its calls. */
function fakeLoader(load: () => Promise<ComponentType<object>>) {
  const loader = {
    load: jest.fn((_request: SlotPanelRequest) => load()),
    forget: jest.fn((_request: SlotPanelRequest) => undefined),
  };
  return loader satisfies SlotLoader;
}

/** The family page as a remote would write it: its own content, the slot, more content. */
function FamilyPage() {
  return (
    <>
      <h1>أسرة خالد</h1>
      <Slot name="families.show" props={{ familyId: 7 }} />
      <h2>سجل الأسرة</h2>
    </>
  );
}

/**
 * Rendered inside an awaited act(): a panel suspends on its loader's promise (`use`), and React
 * only replays a suspended render started in an act scope once that scope is awaited.
 */
async function renderPage(loader: SlotLoader | null, currentUser: unknown = superAdmin) {
  const ui = loader ? (
    <SlotLoaderProvider loader={loader}>
      <FamilyPage />
    </SlotLoaderProvider>
  ) : (
    <FamilyPage />
  );
  await act(async () => {
    renderInApp(ui, { currentUser });
  });
}

const panelRegion = () => screen.queryByRole('region', { name: TITLE });

describe('<Slot> (cross-remote panels)', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // The boundary (and React) report a failed panel on the console; the tests assert the line.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  test('shows a visible panel in its own titled section, with the slot’s props', async () => {
    const loader = fakeLoader(async () => ActivityPanel as ComponentType<object>);
    await renderPage(loader);

    expect(await screen.findByText('سجل الأسرة رقم 7')).toBeInTheDocument();
    const region = panelRegion();
    expect(region).not.toBeNull();
    expect(within(region!).getByRole('heading', { level: 2, name: TITLE })).toBeInTheDocument();
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(loader.load).toHaveBeenCalledWith(REQUEST);
    expect(screen.getByRole('heading', { name: 'سجل الأسرة' })).toBeInTheDocument();
  });

  test('a link to the page’s #documents scrolls to and focuses the documents panel once loaded', async () => {
    // jsdom does not lay pages out, so it has no scrollIntoView: one that records where it was called.
    const scrolled: string[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this.id);
      },
    });
    window.location.hash = '#documents';
    try {
      const loader = fakeLoader(async () => ActivityPanel as ComponentType<object>);
      await renderPage(loader, everyKey);
      const documents = await screen.findByRole('region', { name: 'المستندات' });
      expect(documents).toHaveAttribute('id', 'documents');
      expect(scrolled).toEqual(['documents']);
      expect(documents).toHaveFocus();
    } finally {
      window.location.hash = '';
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  test('a small loading line while the panel (and its lazy chunk) load', async () => {
    let resolveChunk: (module: { default: ComponentType<{ familyId: number }> }) => void = () => {};
    const LazyPanel = lazy(
      () =>
        new Promise<{ default: ComponentType<{ familyId: number }> }>((resolve) => {
          resolveChunk = resolve;
        }),
    );
    await renderPage(fakeLoader(async () => LazyPanel as ComponentType<object>));

    const loading = await screen.findByText(`جارٍ تحميل لوحة «${TITLE}»...`);
    expect(loading.closest('[role="status"]')).not.toBeNull();
    // The section and its heading are there already; only the content waits.
    expect(panelRegion()).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'أسرة خالد' })).toBeInTheDocument();

    resolveChunk({ default: ActivityPanel });
    expect(await screen.findByText('سجل الأسرة رقم 7')).toBeInTheDocument();
    expect(screen.queryByText(`جارٍ تحميل لوحة «${TITLE}»...`)).not.toBeInTheDocument();
  });

  test('hidden from whoever the table does not allow: every key is not a super admin', async () => {
    const loader = fakeLoader(async () => ActivityPanel as ComponentType<object>);
    await renderPage(loader, everyKey);
    expect(await screen.findByRole('heading', { name: 'سجل الأسرة' })).toBeInTheDocument();
    expect(panelRegion()).toBeNull();
    // Other panels of the slot (mf-services' needs show_services) may load; this one never does.
    expect(loader.load).not.toHaveBeenCalledWith(REQUEST);
  });

  test('hidden from an inactive super admin', async () => {
    const loader = fakeLoader(async () => ActivityPanel as ComponentType<object>);
    await renderPage(loader, { ...superAdmin, is_active: false });
    expect(await screen.findByRole('heading', { name: 'سجل الأسرة' })).toBeInTheDocument();
    expect(panelRegion()).toBeNull();
    expect(loader.load).not.toHaveBeenCalled();
  });

  test('renders nothing without a slot loader (a remote’s standalone dev page)', async () => {
    await renderPage(null);
    expect(await screen.findByRole('heading', { name: 'سجل الأسرة' })).toBeInTheDocument();
    expect(panelRegion()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a panel whose remote fails is one Arabic error line; the page keeps working; retry recovers', async () => {
    const outcomes: Array<() => Promise<ComponentType<object>>> = [
      () => Promise.reject(new Error('ScriptNetworkError: mf-admin is down')),
      async () => ActivityPanel as ComponentType<object>,
    ];
    const loader = fakeLoader(() => (outcomes.shift() ?? outcomes[0]!)());
    const user = userEvent.setup();
    await renderPage(loader);

    const line = await screen.findByRole('alert');
    expect(line).toHaveTextContent(slotPanelFailedText(TITLE));
    expect(line).toHaveTextContent(`تعذر تحميل لوحة «${TITLE}».`);
    expect(panelRegion()).toBeNull();
    // The rest of the page is there, untouched.
    expect(screen.getByRole('heading', { name: 'أسرة خالد' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'سجل الأسرة' })).toBeInTheDocument();

    // In an awaited act, as the first render: the retried panel suspends on its new load.
    await act(async () => {
      await user.click(within(line).getByRole('button', { name: SLOT_PANEL_RETRY_LABEL }));
    });
    expect(loader.forget).toHaveBeenCalledWith(REQUEST);
    expect(await screen.findByText('سجل الأسرة رقم 7')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loader.load).toHaveBeenCalledTimes(2);
  });

  test('a panel that throws while rendering is caught the same way', async () => {
    function Broken(): never {
      throw new Error('render bug');
    }
    await renderPage(fakeLoader(async () => Broken as ComponentType<object>));
    expect(await screen.findByRole('alert')).toHaveTextContent(slotPanelFailedText(TITLE));
    expect(screen.getByRole('heading', { name: 'سجل الأسرة' })).toBeInTheDocument();
  });

  test('a loader that throws at once still ends in the error line, never a broken page', async () => {
    const loader: SlotLoader = {
      load: () => {
        throw new Error('no such remote');
      },
      forget: () => undefined,
    };
    await renderPage(loader);
    expect(await screen.findByRole('alert')).toHaveTextContent(slotPanelFailedText(TITLE));
    expect(screen.getByRole('heading', { name: 'أسرة خالد' })).toBeInTheDocument();
  });
});

test('the host’s copy of shared-ui and a remote’s share one slot loader context', () => {
  // As in page-wide-context.test.tsx: two module registries, one React.
  const react = jest.requireActual<typeof ReactModule>('react');
  const copies: Array<typeof SlotLoaderModule> = [];
  for (let copy = 0; copy < 2; copy += 1) {
    jest.isolateModules(() => {
      jest.doMock('react', () => react);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      copies.push(require('../src/slots/slot-loader'));
    });
  }
  expect(copies[1]).not.toBe(copies[0]);
  expect(copies[1]?.SlotLoaderContext).toBe(copies[0]?.SlotLoaderContext);
});
