import { useSearchParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { countOf, todayIso } from 'shared-contracts';
import { labelOf, researcherOptions } from 'shared-contracts/beneficiaries';
import {
  VISIT_PURPOSES,
  visitListQuery,
  type Visit,
} from 'shared-contracts/resources/visits-contracts';
import {
  Button,
  Card,
  EmptyState,
  FileNumber,
  LoadingState,
  PageHeader,
  PhoneNumber,
  QueryErrorState,
  SelectField,
  Stack,
  formatDate,
  pageTitle,
} from 'shared-ui';
import { useLookups, useResearchers } from '../../../lib/lookups';
import { useVisitList } from '../api/visits-api';

/** The most visits one sheet lists (the list's largest page). */
const ROUTE_SHEET_SIZE = 200;

/**
 * A4 print: only the sheet shows on paper (the shell's sidebar, header and the page's controls
 * hidden by visibility), black on white, the table header repeated on each page, no row split.
 */
const RouteSheetPrintStyle = createGlobalStyle`
  @media print {
    @page { size: A4 portrait; margin: 12mm 10mm; }
    body * { visibility: hidden; }
    .visits-route-sheet, .visits-route-sheet * { visibility: visible; }
    .visits-route-sheet { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000; background: #fff; }
  }
`;

const Sheet = styled.section`
  font-size: 11pt;
  h2 {
    font-size: 14pt;
    margin: 0 0 3mm;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  thead {
    display: table-header-group;
  }
  tr {
    break-inside: avoid;
  }
  th,
  td {
    border: 1px solid currentColor;
    padding: 2mm;
    text-align: start;
    vertical-align: top;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
`;

/**
 * /visits/route-sheet?researcher_id=…: a researcher's planned visits as an A4 route sheet —
 * family, address, district, phones, purpose and date — sorted by district so a day's round
 * goes street by street.
 */
export default function VisitsRouteSheetPage() {
  const [search, setSearch] = useSearchParams();
  const researchers = useResearchers();
  const lookups = useLookups();
  const researcherId = Number(search.get('researcher_id') ?? '') || undefined;
  const query = useVisitList(
    visitListQuery.toParams({
      filter: { researcher_id: researcherId, status: ['planned'] },
      sort: 'district',
      order: 'asc',
      per_page: ROUTE_SHEET_SIZE,
    }),
  );
  const researcher = researchers.data?.find((each) => each.id === researcherId);
  const visits: Visit[] = researcherId === undefined ? [] : (query.data?.data ?? []);
  const district = (visit: Visit) =>
    visit.family.district ? labelOf(lookups.districts, visit.family.district) : '';

  return (
    <Stack>
      <RouteSheetPrintStyle />
      <PageHeader
        title={pageTitle('visits.route-sheet')}
        description="الزيارات المخططة للباحث مرتبة حسب الحي، للطباعة على ورق A4."
        actions={
          <Button icon="print" onClick={() => window.print()} disabled={visits.length === 0}>
            طباعة
          </Button>
        }
      />
      <Card>
        <Controls>
          <SelectField
            label="الباحث"
            placeholder="اختر الباحث"
            options={researcherOptions(researchers.data ?? [])}
            value={researcherId === undefined ? '' : String(researcherId)}
            onChange={(event) =>
              setSearch(event.target.value ? { researcher_id: event.target.value } : {})
            }
          />
        </Controls>
      </Card>
      {researcherId === undefined ? (
        <EmptyState title="اختر الباحث لعرض خط سيره" />
      ) : query.isError ? (
        <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingState label="جارٍ تحميل الزيارات..." />
      ) : visits.length === 0 ? (
        <EmptyState title="لا توجد زيارات مخططة لهذا الباحث" />
      ) : (
        <Card>
          <Sheet className="visits-route-sheet" aria-labelledby="route-sheet-title">
            <h2 id="route-sheet-title">
              خط سير الزيارات: {researcher?.name ?? ''} — {formatDate(todayIso())}
            </h2>
            <p>{countOf(visits.length, 'visit')}</p>
            <table>
              <thead>
                <tr>
                  <th scope="col">الحي</th>
                  <th scope="col">الأسرة</th>
                  <th scope="col">العنوان</th>
                  <th scope="col">الجوال</th>
                  <th scope="col">الغرض</th>
                  <th scope="col">الموعد</th>
                </tr>
              </thead>
              <tbody>
                {visits.map((visit) => (
                  <tr key={visit.id}>
                    <td>{district(visit)}</td>
                    <td>
                      {visit.family.head_name}
                      <br />
                      <FileNumber value={visit.family.file_number} />
                    </td>
                    <td>{visit.family.address ?? ''}</td>
                    <td>
                      <PhoneNumber value={visit.family.primary_phone} />
                      {visit.family.alt_phone ? (
                        <>
                          <br />
                          <PhoneNumber value={visit.family.alt_phone} />
                        </>
                      ) : null}
                    </td>
                    <td>{labelOf(VISIT_PURPOSES, visit.purpose)}</td>
                    <td>{formatDate(visit.planned_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Sheet>
        </Card>
      )}
    </Stack>
  );
}
