import styled, { createGlobalStyle } from 'styled-components';
import type { Audience, AudienceSheet } from 'shared-contracts/engagement';
import { ATTENDANCE_VALUES } from 'shared-contracts/engagement';
import { labelOf } from 'shared-contracts/beneficiaries';
import { FileNumber, NationalId, PhoneNumber } from 'shared-ui';
import { SeminarWhen } from './seminar-display';

/**
 * A4 print of the audience list or the sign-in sheet. On screen the sheet is hidden; when
 * printing only the sheet shows (the host's sidebar, header and the page's controls are hidden
 * by visibility, so nothing of the app leaks onto paper), on A4 portrait with print margins,
 * black on white, the table header repeated on every page and no row split across pages.
 */
export const AudiencePrintStyle = createGlobalStyle`
  @media screen {
    .seminar-print-sheet { display: none; }
  }
  @media print {
    @page { size: A4 portrait; margin: 14mm 12mm; }
    body * { visibility: hidden; }
    .seminar-print-sheet, .seminar-print-sheet * { visibility: visible; }
    .seminar-print-sheet { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000; background: #fff; }
  }
`;

const Sheet = styled.section`
  font-size: 11pt;
  h1 {
    font-size: 15pt;
    margin: 0 0 4mm;
  }
  p {
    margin: 0 0 2mm;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    margin-top: 4mm;
  }
  thead {
    display: table-header-group;
  }
  tr {
    break-inside: avoid;
    page-break-inside: avoid;
  }
  th,
  td {
    border: 1px solid #000;
    padding: 2mm;
    text-align: start;
  }
  td.signature {
    width: 45mm;
    height: 10mm;
  }
`;

export function AudiencePrint({ audience, sheet }: { audience: Audience; sheet: AudienceSheet }) {
  const { seminar } = audience;
  const entries =
    sheet === 'sign_in'
      ? audience.entries.filter((entry) => entry.state === 'registered')
      : audience.entries;
  return (
    <Sheet className="seminar-print-sheet" aria-hidden="true">
      <h1>
        {sheet === 'sign_in'
          ? `كشف توقيع الحضور: ${seminar.title}`
          : `كشف جمهور الندوة: ${seminar.title}`}
      </h1>
      <p>
        الموعد: <SeminarWhen seminar={seminar} />
      </p>
      <p>
        المكان: {seminar.venue ?? 'عن بعد'}
        {seminar.presenter ? ` — المقدم: ${seminar.presenter}` : ''}
      </p>
      <table>
        <thead>
          <tr>
            <th>م</th>
            <th>الاسم</th>
            <th>رقم الملف</th>
            {sheet === 'sign_in' ? <th>رقم الجوال</th> : <th>رقم الهوية</th>}
            {sheet === 'sign_in' ? <th>التوقيع</th> : <th>الحالة</th>}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={entry.id}>
              <td>{index + 1}</td>
              <td>{entry.name}</td>
              <td>
                <FileNumber value={entry.family?.file_number} />
              </td>
              {sheet === 'sign_in' ? (
                <td>
                  <PhoneNumber value={entry.phone} />
                </td>
              ) : (
                <td>
                  <NationalId value={entry.national_id} />
                </td>
              )}
              {sheet === 'sign_in' ? (
                <td className="signature" />
              ) : (
                <td>
                  {entry.state === 'waiting'
                    ? `انتظار (${entry.waiting_position ?? ''})`
                    : entry.attendance
                      ? labelOf(ATTENDANCE_VALUES, entry.attendance)
                      : 'مسجل'}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Sheet>
  );
}
