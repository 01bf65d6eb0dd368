import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FAMILY_INCOME_NOTE,
  addStepData,
  createFamilyWizardDraft,
  setCurrentStepData,
  writeWizardDraft,
} from 'shared-contracts/beneficiaries';
import { createFakeApi } from 'shared-ui/testing';
import FamiliesCreatePage from '../src/features/families/pages/families-create-page';
import { completeStepsData } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

describe('housing and income step: the members’ own incomes', () => {
  it('counts a member’s monthly income (the son’s 500) in the total and per person, and says what counts', async () => {
    const user = userEvent.setup();
    const [head, contact] = completeStepsData();
    let draft = createFamilyWizardDraft();
    [head, contact].forEach((data, index) => {
      draft = addStepData(setCurrentStepData(draft, index + 1), data);
    });
    draft = addStepData(setCurrentStepData(draft, 4), {
      members: [
        { full_name: 'هيا علي الحربي' },
        { full_name: 'سعد خالد الحربي', monthly_income: '٥٠٠' },
      ],
    });
    writeWizardDraft(window.localStorage, setCurrentStepData(draft, 3));
    renderPage(<FamiliesCreatePage />, { route: '/families/create', api: createFakeApi() });

    expect(await screen.findByText(FAMILY_INCOME_NOTE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إضافة مصدر دخل' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /^مصدر الدخل 1/ }), 'salary');
    await user.type(screen.getByLabelText(/المبلغ الشهري/), '1000');

    const totals = () => screen.getByText('إجمالي الدخل الشهري').closest('dl') as HTMLElement;
    await waitFor(() =>
      expect(within(totals()).getAllByRole('definition')[0]).toHaveTextContent(/1,500/),
    );
    // Three people (the head, the mother and the son): 1,500 ÷ 3 each, of which 500 the son's own.
    expect(within(totals()).getByText('دخل الفرد (عدد الأفراد: 3)')).toBeInTheDocument();
    expect(within(totals()).getAllByRole('definition')[1]).toHaveTextContent(/500\.00/);
    expect(within(totals()).getByText('منه دخل الأفراد المسجل لهم')).toBeInTheDocument();
    expect(within(totals()).getAllByRole('definition')[2]).toHaveTextContent(/500\.00/);
  });
});
