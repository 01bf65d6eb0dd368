import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taskEndpoints, type MyTasks } from 'shared-contracts/resources/tasks-contracts';
import { createFakeApi } from 'shared-ui/testing';
import TasksPage from '../src/features/tasks/pages/tasks-page';
import { researcher } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

/** /tasks «مهامي»: grouped, each task a link to its record, counts through the plural helper. */
const TASKS: MyTasks = {
  total: 3,
  groups: [
    {
      kind: 'visit',
      label: 'زيارات ميدانية مستحقة',
      count: 2,
      tasks: [
        {
          key: 'visit-7',
          kind: 'visit',
          title: 'زيارة ميدانية: متابعة',
          reference: { label: 'رقم الملف', value: 'F-1448-00015' },
          link: '/families/show/12',
          due_date: '2026-03-01',
          overdue: true,
        },
        {
          key: 'visit-8',
          kind: 'visit',
          title: 'زيارة ميدانية: شكوى',
          reference: { label: 'رقم الملف', value: 'F-1448-00016' },
          link: '/families/show/13',
          due_date: '2026-03-05',
          overdue: false,
        },
      ],
    },
    {
      kind: 'reassessment',
      label: 'أسر حان موعد إعادة تقييمها',
      count: 1,
      tasks: [
        {
          key: 'reassessment-12',
          kind: 'reassessment',
          title: 'إعادة تقييم الأسرة',
          reference: { label: 'رقم الملف', value: 'F-1448-00015' },
          link: '/families/show/12',
          due_date: '2026-03-04',
          overdue: false,
        },
      ],
    },
  ],
};

test('groups the tasks by kind, each a link to its record, with counts and dates in Arabic', async () => {
  const api = createFakeApi();
  api.on(taskEndpoints.list, { status: 200, data: { data: TASKS } });
  renderPage(<TasksPage />, { path: '/tasks', currentUser: researcher, api });

  expect(await screen.findByRole('heading', { level: 1, name: 'مهامي' })).toBeInTheDocument();
  expect(await screen.findByText('المهام المفتوحة: 3 مهام')).toBeInTheDocument();

  const visits = screen.getByRole('region', { name: /زيارات ميدانية مستحقة/ });
  expect(within(visits).getByText('مهمتان')).toBeInTheDocument();
  const first = within(visits).getByRole('link', { name: 'زيارة ميدانية: متابعة' });
  expect(first).toHaveAttribute('href', '/families/show/12');
  const item = first.closest('li') as HTMLElement;
  expect(within(item).getByText('متأخرة')).toBeInTheDocument();
  expect(item.querySelector('[data-identifier]')).toHaveTextContent('F-1448-00015');
  // Gregorian with the Umm al-Qura date beside it, Western digits.
  expect(item).toHaveTextContent(/1 مارس 2026 \(.+ هـ\)/);

  const reassessments = screen.getByRole('region', { name: /أسر حان موعد إعادة تقييمها/ });
  expect(within(reassessments).getByText('مهمة واحدة')).toBeInTheDocument();
});

test('the kind filter and the order travel in the URL and reach the API', async () => {
  const user = userEvent.setup();
  const api = createFakeApi();
  api.on(taskEndpoints.list, { status: 200, data: { data: TASKS } });
  const page = renderPage(<TasksPage />, { path: '/tasks', currentUser: researcher, api });
  await screen.findByText('المهام المفتوحة: 3 مهام');

  // A researcher is offered only the kinds their keys open.
  const kind = screen.getByRole('combobox', { name: 'نوع المهمة' });
  expect(
    within(kind)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([
    'كل الأنواع',
    'زيارات ميدانية مستحقة',
    'أسر حان موعد إعادة تقييمها',
    'وثائق أسر انتهت صلاحيتها أو تنتهي خلال 30 يوماً',
  ]);
  await user.selectOptions(kind, 'visit');
  await user.selectOptions(screen.getByRole('combobox', { name: 'الترتيب حسب الموعد' }), 'desc');
  await waitFor(() =>
    expect(api.lastCallTo(taskEndpoints.list)?.query).toEqual({
      'filter[kind]': 'visit',
      sort: 'due_date',
      order: 'desc',
    }),
  );
  expect(page.searchParams().get('filter[kind]')).toBe('visit');
});

test('nothing waiting: the empty state', async () => {
  const api = createFakeApi();
  api.on(taskEndpoints.list, { status: 200, data: { data: { total: 0, groups: [] } } });
  renderPage(<TasksPage />, { path: '/tasks', currentUser: researcher, api });
  expect(await screen.findByText('لا توجد مهام تنتظرك')).toBeInTheDocument();
  expect(screen.queryByText(/^المهام المفتوحة/)).not.toBeInTheDocument();
});
