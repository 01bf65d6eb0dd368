import type { ReactElement } from 'react';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios, { AxiosError } from 'axios';
import { readApiError, NETWORK_ERROR_MESSAGE, authEndpoints } from 'shared-contracts';
import { employeeEndpoints } from 'shared-contracts/admin';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import {
  AppLinkProvider,
  ApiClientProvider,
  Button,
  EXPORT_TIMEOUT_MS,
  PageLink,
  exportFileName,
  setCurrentEmployee,
  useApiClient,
  useCan,
  useCurrentEmployee,
  useDebouncedCallback,
  useDebouncedValue,
  useExport,
  useIsSuperAdmin,
} from '../src';
import { createFakeApi, createFakeApiClient, listReply } from '../testing';
import { renderInApp } from './render';

const researcher = {
  id: 2,
  name: 'نورة الباحثة',
  email: 'researcher@ataa.local',
  active: true,
  is_active: true,
  permissions: ['show_index', 'show_families', 'create_families'],
  role: 'باحثة اجتماعية',
  roles: [],
};

describe('createFakeApi', () => {
  it('records each call: raw params, the query as the server reads it, body and bearer token', async () => {
    const api = createFakeApi();
    api.on(familyEndpoints.create, (call) => ({ status: 201, data: { echoed: call.body } }));
    const client = createFakeApiClient(api, 'secret');
    const response = await client.post(
      '/families',
      { name: 'أسرة' },
      {
        params: { page: 2, search: 'نورة', skip: undefined, none: null },
      },
    );
    expect(response.data).toEqual({ echoed: { name: 'أسرة' } });
    const call = api.lastCallTo(familyEndpoints.create);
    expect(call).toMatchObject({
      method: 'POST',
      url: '/families',
      body: { name: 'أسرة' },
      authorization: 'Bearer secret',
      query: { page: '2', search: 'نورة' },
    });
    expect(call?.params).toMatchObject({ page: 2, search: 'نورة' });
    expect(api.callsTo('post', '/families')).toHaveLength(1);
  });

  it('fails an unhandled call like a network error and a 4xx with the real error shape', async () => {
    const api = createFakeApi();
    api.on(employeeEndpoints.list, {
      status: 422,
      data: { message: 'بيانات غير صالحة', errors: { name: ['مطلوب'] } },
    });
    const client = createFakeApiClient(api);

    const network = await client.get('/nowhere').catch((error: unknown) => error);
    expect(network).toBeInstanceOf(AxiosError);
    expect(readApiError(network).message).toBe(NETWORK_ERROR_MESSAGE);

    const invalid = await client.get('/employees').catch((error: unknown) => error);
    expect(readApiError(invalid)).toEqual({
      status: 422,
      message: 'بيانات غير صالحة',
      fieldErrors: { name: ['مطلوب'] },
    });
  });

  it('listReply shapes a paginated answer', () => {
    expect(listReply([1, 2, 3], { per_page: 2 })).toEqual({
      status: 200,
      data: { data: [1, 2, 3], meta: { page: 1, per_page: 2, total: 3, last_page: 2 } },
    });
    expect(listReply([]).data).toMatchObject({ meta: { total: 0, last_page: 1 } });
  });
});

describe('useApiClient', () => {
  it('gives the provided client, and a session-backed default without a provider', () => {
    const provided = axios.create();
    const withProvider = renderHook(() => useApiClient(), {
      wrapper: ({ children }) => (
        <ApiClientProvider client={provided}>{children}</ApiClientProvider>
      ),
    });
    expect(withProvider.result.current).toBe(provided);

    const first = renderHook(() => useApiClient()).result.current;
    const second = renderHook(() => useApiClient()).result.current;
    expect(first).not.toBe(provided);
    // One default client per bundle, created on first use.
    expect(second).toBe(first);
    expect(first.defaults.timeout).toBe(5000);
  });
});

function Permissions() {
  const { data } = useCurrentEmployee();
  const canCreate = useCan('create_families');
  const canEditEmployees = useCan('create_families', 'show_permissions_employees');
  const superAdmin = useIsSuperAdmin();
  return (
    <p>
      {data?.name ?? 'غير معروف'} | create:{String(canCreate)} | both:{String(canEditEmployees)} |
      super:{String(superAdmin)}
    </p>
  );
}

describe('useCurrentEmployee, useCan, useIsSuperAdmin', () => {
  it('read the host’s currentUser cache entry without a request', () => {
    const { api } = renderInApp(<Permissions />, { currentUser: researcher });
    expect(screen.getByText(/نورة الباحثة/)).toHaveTextContent(
      'create:true | both:false | super:false',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('allow nothing to an inactive employee and recognise a super admin', () => {
    const { unmount } = renderInApp(<Permissions />, {
      currentUser: { ...researcher, is_active: false },
    });
    expect(screen.getByText(/نورة الباحثة/)).toHaveTextContent('create:false');
    unmount();
    renderInApp(<Permissions />, {
      currentUser: {
        ...researcher,
        role: 'Super Admin',
        roles: [{ slug: 'super-admin', name: 'Super Admin' }],
      },
    });
    expect(screen.getByText(/نورة الباحثة/)).toHaveTextContent('super:true');
  });

  it('allow nothing while the employee is unknown', () => {
    renderInApp(<Permissions />);
    expect(screen.getByText(/غير معروف/)).toHaveTextContent(
      'create:false | both:false | super:false',
    );
  });
});

describe('PageLink', () => {
  const link = (
    <PageLink pageId="families.show" params={{ id: 7 }}>
      F-1447-00007
    </PageLink>
  );

  it('is a link when the employee may open the page, and follows a change of the employee', () => {
    const { queryClient } = renderInApp(link, { currentUser: researcher });
    expect(screen.getByRole('link', { name: 'F-1447-00007' })).toHaveAttribute(
      'href',
      '/families/show/7',
    );
    act(() =>
      setCurrentEmployee(queryClient, (previous) => ({
        ...(previous ?? researcher),
        permissions: ['show_index'],
      })),
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('F-1447-00007')).toBeInTheDocument();
  });

  it('inside an AppLinkProvider is a plain anchor whose plain click navigates in the app', async () => {
    const user = userEvent.setup();
    const { router, location } = renderInApp(<AppLinkProvider>{link}</AppLinkProvider>, {
      currentUser: researcher,
      routes: [{ path: 'families/show/:id', element: <h1>ملف الأسرة</h1> }],
    });
    const anchor = screen.getByRole('link', { name: 'F-1447-00007' });
    // Not react-router's Link (which marks its anchors with data-discover).
    expect(anchor).not.toHaveAttribute('data-discover');
    await user.click(anchor);
    expect(await screen.findByRole('heading', { name: 'ملف الأسرة' })).toBeInTheDocument();
    expect(location()).toBe('/families/show/7');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('leaves a modified click to the browser (a new tab), with or without the provider', () => {
    for (const wrap of [
      (ui: ReactElement) => <AppLinkProvider>{ui}</AppLinkProvider>,
      (ui: ReactElement) => ui,
    ]) {
      const { location, unmount } = renderInApp(wrap(link), { currentUser: researcher });
      const anchor = screen.getByRole('link', { name: 'F-1447-00007' });
      // fireEvent returns false when a handler prevented the default (the browser's own action).
      expect(fireEvent.click(anchor, { ctrlKey: true })).toBe(true);
      expect(fireEvent.click(anchor, { button: 1 })).toBe(true);
      expect(location()).toBe('/');
      unmount();
    }
  });

  it('outside an AppLinkProvider is a react-router Link and still navigates', async () => {
    const user = userEvent.setup();
    const { location } = renderInApp(link, {
      currentUser: researcher,
      routes: [{ path: 'families/show/:id', element: <h1>ملف الأسرة</h1> }],
    });
    const anchor = screen.getByRole('link', { name: 'F-1447-00007' });
    expect(anchor).toHaveAttribute('data-discover', 'true');
    await user.click(anchor);
    expect(await screen.findByRole('heading', { name: 'ملف الأسرة' })).toBeInTheDocument();
    expect(location()).toBe('/families/show/7');
  });

  it('asks GET /user once when nothing has filled the cache (a remote on its own)', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.currentUser, { status: 200, data: { data: researcher } });
    renderInApp(
      <>
        {link}
        {link}
      </>,
      { api },
    );
    expect(screen.queryByRole('link')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(2));
    expect(api.callsTo(authEndpoints.currentUser)).toHaveLength(1);
  });
});

function ExportButton() {
  const exporter = useExport({ path: '/families/export' }, 'families');
  return (
    <Button
      loading={exporter.exporting}
      onClick={() => void exporter.exportFile({ page: '3', per_page: '50', search: 'نورة' })}
    >
      تصدير
    </Button>
  );
}

describe('useExport', () => {
  const createObjectURL = jest.fn(() => 'blob:export');
  const revokeObjectURL = jest.fn();
  beforeAll(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    // jsdom's Blob has no text() (browsers do): read it back with FileReader instead.
    if (typeof Blob.prototype.text !== 'function') {
      Blob.prototype.text = function text(this: Blob) {
        return new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(this);
        });
      };
    }
  });

  it('downloads with the filters but not the page, then says so in a toast', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = createFakeApi();
    api.on(familyEndpoints.export, (_call, config) => ({
      status: config.timeout === EXPORT_TIMEOUT_MS ? 200 : 500,
      data: new Blob(['xlsx']),
    }));
    renderInApp(<ExportButton />, { api });
    await userEvent.click(screen.getByRole('button', { name: 'تصدير' }));
    expect(await screen.findByText('تم تصدير الملف')).toBeInTheDocument();
    expect(api.lastCallTo(familyEndpoints.export)?.query).toEqual({ search: 'نورة' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('shows the server’s message when the export fails, even from a Blob body', async () => {
    const api = createFakeApi();
    api.on(familyEndpoints.export, {
      status: 403,
      data: new Blob([JSON.stringify({ message: 'ليست لديك صلاحية' })], {
        type: 'application/json',
      }),
    });
    renderInApp(<ExportButton />, { api });
    await userEvent.click(screen.getByRole('button', { name: 'تصدير' }));
    expect(await screen.findByText('تعذر التصدير')).toBeInTheDocument();
    expect(screen.getByText('ليست لديك صلاحية')).toBeInTheDocument();
  });

  it('names the file after the prefix and the date', () => {
    expect(exportFileName('families', 'xlsx', '2025-03-01')).toBe('families-2025-03-01.xlsx');
  });
});

describe('useDebouncedCallback', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls the latest callback once, after the pause, with the last arguments', () => {
    const first = jest.fn();
    const latest = jest.fn();
    const { result, rerender } = renderHook(({ callback }) => useDebouncedCallback(callback, 300), {
      initialProps: { callback: first },
    });
    const stable = result.current;
    result.current.run('أ');
    result.current.run('أح');
    rerender({ callback: latest });
    expect(result.current).toBe(stable);
    act(() => jest.advanceTimersByTime(299));
    expect(latest).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(latest).toHaveBeenCalledTimes(1);
    expect(latest).toHaveBeenCalledWith('أح');
    expect(first).not.toHaveBeenCalled();
  });

  it('flush runs the pending call now; cancel drops it', () => {
    const callback = jest.fn();
    const { result } = renderHook(() => useDebouncedCallback(callback, 300));
    result.current.run(1);
    result.current.flush();
    expect(callback).toHaveBeenCalledWith(1);
    result.current.flush();
    expect(callback).toHaveBeenCalledTimes(1);
    result.current.run(2);
    result.current.cancel();
    act(() => jest.advanceTimersByTime(1000));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('drops a pending call on unmount unless asked to flush it', () => {
    const dropped = jest.fn();
    const kept = jest.fn();
    const a = renderHook(() => useDebouncedCallback(dropped, 300));
    const b = renderHook(() => useDebouncedCallback(kept, 300, { flushOnUnmount: true }));
    a.result.current.run('x');
    b.result.current.run('y');
    a.unmount();
    b.unmount();
    act(() => jest.advanceTimersByTime(1000));
    expect(dropped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledWith('y');
  });
});

describe('useDebouncedValue', () => {
  it('follows the value once it stops changing', async () => {
    jest.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'abc' });
    act(() => jest.advanceTimersByTime(200));
    expect(result.current).toBe('a');
    act(() => jest.advanceTimersByTime(100));
    await waitFor(() => expect(result.current).toBe('abc'));
    jest.useRealTimers();
  });
});
