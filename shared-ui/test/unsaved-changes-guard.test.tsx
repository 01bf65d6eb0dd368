import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { UnsavedChangesGuard, lightTheme } from '../src';

function Editor() {
  const [text, setText] = useState('');
  return (
    <>
      <label>
        ملاحظة
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <UnsavedChangesGuard when={text !== ''} />
    </>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The host renders remote pages inside a plain <BrowserRouter> (no data router, no useBlocker). */
function renderInPlainRouter() {
  return render(
    <ThemeProvider theme={lightTheme}>
      <MemoryRouter initialEntries={['/edit']}>
        <Link to="/families">الأسر</Link>
        <Where />
        <Routes>
          <Route path="/edit" element={<Editor />} />
          <Route path="/families" element={<p>قائمة الأسر</p>} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('UnsavedChangesGuard without a data router', () => {
  it('lets an untouched page go, holds a link while there is unsaved input, and follows it on confirm', async () => {
    const user = userEvent.setup();
    renderInPlainRouter();
    await user.type(screen.getByLabelText('ملاحظة'), 'نص');

    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    const dialog = screen.getByRole('dialog', { name: 'مغادرة الصفحة؟' });
    expect(screen.getByTestId('where')).toHaveTextContent('/edit');
    await user.click(within(dialog).getByRole('button', { name: 'البقاء في الصفحة' }));
    expect(screen.getByLabelText('ملاحظة')).toHaveValue('نص');

    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'مغادرة الصفحة' }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/families');
  });

  it('asks the browser before unloading the page with unsaved input', async () => {
    const user = userEvent.setup();
    renderInPlainRouter();
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText('ملاحظة'), 'نص');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
