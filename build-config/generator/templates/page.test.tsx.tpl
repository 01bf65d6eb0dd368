import { screen } from '@testing-library/react';
import type { Employee } from 'shared-contracts';
import { __SCAMEL__Endpoints, type __SPASCAL__ } from 'shared-contracts/resources/__NAME__-contracts';
import { createFakeApi, listReply } from 'shared-ui/testing';
import ListPage from '../src/features/__NAME__/pages/__NAME__-list-page';
import { FormPage, ShowPage } from '../src/features/__NAME__/pages/__NAME__-record-page';
import { renderPage } from '../src/testing/render-page';

const RECORD: __SPASCAL__ = {
  id: 7,
  name: '__SAMPLE__',
  description: 'وصف قصير',
  active: true,
  created_at: '2026-01-05T08:00:00.000Z',
  updated_at: '2026-01-06T08:00:00.000Z',
};
const user: Employee = {
  id: 1,
  name: 'موظف الاختبار',
  email: 'employee@ataa.test',
  active: true,
  role: null,
  permissions: ['show___KEY__', 'create___KEY__', 'edit___KEY__'],
};

describe('__NAME__ pages', () => {
  it('lists the records, each linked to its page', async () => {
    const api = createFakeApi();
    api.on(__SCAMEL__Endpoints.list, listReply([RECORD]));
    renderPage(<ListPage />, { route: '__PATH__', api, user });
    expect(await screen.findByRole('link', { name: '__SAMPLE__' })).toHaveAttribute('href', '__PATH__/show/7');
  });

  it('shows one record', async () => {
    const api = createFakeApi();
    api.on(__SCAMEL__Endpoints.show, { params: { id: 7 } }, { status: 200, data: { data: RECORD } });
    renderPage(<ShowPage />, { route: '__PATH__/show/:id', path: '__PATH__/show/7', api, user });
    expect(await screen.findByRole('heading', { level: 1, name: '__SAMPLE__' })).toBeInTheDocument();
    expect(screen.getByText('وصف قصير')).toBeInTheDocument();
  });

  it('creates a record from the form', async () => {
    const api = createFakeApi();
    api.on(__SCAMEL__Endpoints.create, { status: 201, data: { message: 'تمت الإضافة', data: RECORD } });
    const { user: person } = renderPage(<FormPage />, { route: '__PATH__/create', api, user });
    await person.type(screen.getByRole('textbox', { name: /الاسم/ }), '__SAMPLE__');
    await person.click(screen.getByRole('button', { name: 'إضافة' }));
    expect(await screen.findByText('صفحة أخرى')).toBeInTheDocument();
    expect(api.lastCallTo(__SCAMEL__Endpoints.create)?.body).toMatchObject({ name: '__SAMPLE__', active: true });
  });
});
