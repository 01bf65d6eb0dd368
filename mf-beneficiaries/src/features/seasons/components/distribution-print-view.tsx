import { useEffect, useRef } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { todayIso } from 'shared-contracts';
import { type Season } from 'shared-contracts/beneficiaries';
import {
  Button,
  Dialog,
  ErrorState,
  FileNumber,
  Identifier,
  LoadingState,
  NationalId,
  formatDateDual,
  formatNumber,
} from 'shared-ui';
import { useDistributionSheet } from '../api/seasons-api';
import { seasonKindLabel } from './season-badges';

/**
 * Printing shows only the list: everything else on the page is hidden, the dialog's frame
 * (backdrop, shadow, scrolling, buttons) is flattened so every row prints across pages.
 */
const PrintStyles = createGlobalStyle`
  @media print {
    body > *:not([data-dialog-backdrop]) { display: none !important; }
    [data-dialog-backdrop] {
      position: static !important;
      display: block !important;
      padding: 0 !important;
      background: none !important;
    }
    [data-dialog-backdrop] * { overflow: visible !important; max-block-size: none !important; box-shadow: none !important; }
    [data-dialog-backdrop] button, [data-print-hide] { display: none !important; }
    @page { margin: 12mm; }
  }
`;

const Sheet = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  th,
  td {
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    text-align: start;
  }

  thead {
    display: table-header-group;
  }

  tr {
    break-inside: avoid;
  }
`;

const Signature = styled.td`
  min-inline-size: 8rem;
  block-size: 2.5rem;
`;

const Heading = styled.div`
  margin-block-end: ${({ theme }) => theme.space.md};
`;

/** The printable distribution list: family, head, ID, members, voucher code and a signature column. */
export function DistributionPrintView({
  season,
  open,
  onClose,
}: {
  season: Season;
  open: boolean;
  onClose: () => void;
}) {
  const query = useDistributionSheet(season.id, open);
  const printed = useRef(false);

  // The print dialog opens by itself once the list is there (once per opening).
  useEffect(() => {
    if (!open) {
      printed.current = false;
      return;
    }
    if (query.isSuccess && !printed.current) {
      printed.current = true;
      window.print();
    }
  }, [open, query.isSuccess]);

  const rows = (query.data?.beneficiaries ?? []).filter((row) => row.status !== 'excluded');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={`كشف التوزيع — ${season.name}`}
      footer={
        <>
          <Button icon="print" onClick={() => window.print()} disabled={!query.isSuccess}>
            طباعة
          </Button>
          <Button variant="secondary" onClick={onClose}>
            إغلاق
          </Button>
        </>
      }
    >
      {open ? <PrintStyles /> : null}
      <Heading>
        <p>
          {seasonKindLabel(season.kind)} — {season.hijri_year} هـ — عدد الأسر:{' '}
          {formatNumber(rows.length)}
        </p>
        <p>تاريخ الطباعة: {formatDateDual(todayIso())}</p>
      </Heading>
      {query.isPending ? (
        <LoadingState label="جارٍ تجهيز الكشف..." />
      ) : query.isError ? (
        <ErrorState message="تعذر تحميل كشف التوزيع" onRetry={() => void query.refetch()} />
      ) : (
        <Sheet aria-label="كشف التوزيع">
          <thead>
            <tr>
              <th scope="col">م</th>
              <th scope="col">رقم الملف</th>
              <th scope="col">رب الأسرة</th>
              <th scope="col">رقم الهوية</th>
              <th scope="col">عدد الأفراد</th>
              <th scope="col">رمز القسيمة</th>
              <th scope="col">التوقيع</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7}>لا توجد أسر مسجلة في البرنامج.</td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={row.id}>
                  <td>{index + 1}</td>
                  <td>
                    <FileNumber value={row.family.file_number} />
                  </td>
                  <td>{row.family.head_name}</td>
                  <td>
                    <NationalId value={row.family.head_national_id} />
                  </td>
                  <td>{formatNumber(row.family.members_count)}</td>
                  <td>
                    <Identifier value={row.voucher_code} />
                  </td>
                  <Signature aria-label="التوقيع" />
                </tr>
              ))
            )}
          </tbody>
        </Sheet>
      )}
    </Dialog>
  );
}
