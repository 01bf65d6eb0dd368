import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../theme/tokens';
import { ReportSection } from './report-section';

describe('ReportSection', () => {
  it('is a region named by its heading, kept whole on paper only when asked', () => {
    render(
      <ThemeProvider theme={lightTheme}>
        <ReportSection id="summary" title="الملخص" keep>
          <p>الأرقام</p>
        </ReportSection>
        <ReportSection id="families" title="الأسر">
          <p>الجدول</p>
        </ReportSection>
      </ThemeProvider>,
    );
    const summary = screen.getByRole('region', { name: 'الملخص' });
    expect(summary.tagName).toBe('SECTION');
    expect(summary).toHaveAttribute('data-print-keep', '');
    expect(screen.getByRole('heading', { level: 2, name: 'الملخص' })).toHaveAttribute(
      'id',
      'summary',
    );
    expect(summary).toHaveTextContent('الأرقام');
    expect(screen.getByRole('region', { name: 'الأسر' })).not.toHaveAttribute('data-print-keep');
  });
});
