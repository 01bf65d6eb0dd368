import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { UNDER_CONSTRUCTION_TITLE, lightTheme } from 'shared-ui';
import pages from '../src/pages';

/** The pages with no API yet keep the honest 'قيد الإنشاء' panel, named after their page. */
describe.each([
  ['permissions.list', 'الصلاحيات'],
  ['permissions.create', 'الصلاحيات'],
  ['permissions.edit', 'الصلاحيات'],
  ['calories', 'السعرات'],
] as const)('%s', (pageId, titleWord) => {
  it('renders the under-construction panel', async () => {
    const Page = pages[pageId];
    render(
      <ThemeProvider theme={lightTheme}>
        <Suspense fallback="…">
          <Page />
        </Suspense>
      </ThemeProvider>,
    );
    expect(await screen.findByText(UNDER_CONSTRUCTION_TITLE)).toBeInTheDocument();
    expect(document.body).toHaveTextContent(titleWord);
  });
});
