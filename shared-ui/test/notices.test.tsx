import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  FORBIDDEN_TITLE,
  FormErrorSummary,
  Notice,
  NOT_FOUND_DESCRIPTION,
  QueryErrorState,
  QueryView,
} from '../src';
import { renderWithTheme } from './render';

function httpError(status: number, message: string): AxiosError {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, data: { message }, config, headers: {} } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_REQUEST', config, {}, response);
}

describe('Notice and FormErrorSummary', () => {
  it('is a polite status by default and an alert on request, with an action', () => {
    const { rerender } = renderWithTheme(
      <Notice tone="info" action={<button>استعادة</button>}>
        توجد مسودة محفوظة
      </Notice>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('توجد مسودة محفوظة');
    expect(screen.getByRole('button', { name: 'استعادة' })).toBeInTheDocument();
    rerender(
      <Notice tone="danger" role="alert">
        تعذر الحفظ
      </Notice>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('تعذر الحفظ');
  });

  it('lists the form’s errors as an alert, and renders nothing without any', () => {
    const { container, rerender } = renderWithTheme(<FormErrorSummary messages={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<FormErrorSummary messages={['الأول', 'الثاني']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('الأولالثاني');
  });
});

describe('QueryErrorState', () => {
  it('shows the server’s message with a retry, titled as asked', async () => {
    const onRetry = jest.fn();
    renderWithTheme(
      <QueryErrorState
        title="تعذر تحميل البيانات"
        error={httpError(500, 'عطل')}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('تعذر تحميل البيانات');
    expect(screen.getByRole('alert')).toHaveTextContent('عطل');
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('titles a 403 as a missing permission', () => {
    renderWithTheme(<QueryErrorState error={httpError(403, 'ممنوع')} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(FORBIDDEN_TITLE);
  });

  it('says a record page’s 404 is a missing record, without a retry', () => {
    const { rerender } = renderWithTheme(
      <QueryErrorState
        error={httpError(404, 'غير موجود')}
        onRetry={() => {}}
        notFoundTitle="الأسرة غير موجودة"
      />,
    );
    expect(screen.getByText('الأسرة غير موجودة')).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_DESCRIPTION)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    // Without a not-found title (a list), a 404 is just an error.
    rerender(<QueryErrorState error={httpError(404, 'غير موجود')} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('غير موجود');
  });
});

describe('QueryView', () => {
  const base = { error: null, refetch: () => undefined };

  it('shows loading, then the error or the content', () => {
    const { rerender } = renderWithTheme(
      <QueryView
        query={{ ...base, data: undefined, isPending: true, isError: false }}
        loadingLabel="جارٍ تحميل الجهة..."
      >
        {(name: string) => <h1>{name}</h1>}
      </QueryView>,
    );
    expect(screen.getByText('جارٍ تحميل الجهة...')).toBeInTheDocument();
    rerender(
      <QueryView
        query={{ ...base, data: 'جمعية البر', isPending: false, isError: false }}
        loadingLabel="جارٍ تحميل الجهة..."
      >
        {(name: string) => <h1>{name}</h1>}
      </QueryView>,
    );
    expect(screen.getByRole('heading', { name: 'جمعية البر' })).toBeInTheDocument();
    rerender(
      <QueryView
        query={{
          ...base,
          data: undefined,
          isPending: false,
          isError: true,
          error: httpError(404, 'x'),
        }}
        loadingLabel="جارٍ تحميل الجهة..."
        notFoundTitle="الجهة غير موجودة"
      >
        {(name: string) => <h1>{name}</h1>}
      </QueryView>,
    );
    expect(screen.getByText('الجهة غير موجودة')).toBeInTheDocument();
  });
});
