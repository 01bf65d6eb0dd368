import { useId } from 'react';
import styled from 'styled-components';
import { countOf, readApiError } from 'shared-contracts';
import {
  DUPLICATE_REASON_LABELS,
  familyEndpoints,
  type FamilyImportRow,
  type ImportMatch,
  type ImportResolutionAction,
  IMPORT_RESOLUTION_LABELS,
} from 'shared-contracts/beneficiaries';
import {
  Badge,
  Button,
  Card,
  DescriptionList,
  FileNumber,
  Identifier,
  NationalId,
  Notice,
  PageLink,
  PhoneNumber,
  Row,
  SubTitle,
  formatNumber,
  useCanCall,
  useEndpointQuery,
} from 'shared-ui';
import { isCertain, useResolveRow } from '../api/family-import-api';
import { cellText } from './row-values';

const SideBySide = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
`;

const Side = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  align-content: start;
`;

/** The decision in the past tense, as the card reports it. */
const DECIDED: Record<ImportResolutionAction, string> = {
  skip: 'سيُتخطى هذا الصف',
  update: 'ستُحدَّث الأسرة المطابقة من هذا الصف',
  create: 'ستُنشأ من هذا الصف أسرة جديدة',
};

/**
 * The matched family's own identifiers, read from its file so they sit beside the row's (the
 * match names only its file number and head). Only for someone who may open families.
 */
function useMatchedFamily(id: number | null) {
  const allowed = useCanCall(familyEndpoints.show);
  return useEndpointQuery(
    familyEndpoints.show,
    { params: { id: id ?? 0 } },
    { enabled: allowed && id !== null, select: (answer) => answer.data },
  );
}

function MatchSide({ match }: { match: ImportMatch }) {
  const headingId = useId();
  const family = match.family;
  const detail = useMatchedFamily(family?.id ?? null).data;
  return (
    <Side aria-labelledby={headingId}>
      <SubTitle as="h4" id={headingId}>
        {family ? 'الأسرة المسجلة' : `صف سابق في الملف نفسه`}{' '}
        <Badge tone={match.certainty === 'certain' ? 'danger' : 'warning'}>
          {match.certainty === 'certain' ? 'تكرار مؤكد' : 'تكرار محتمل'}
        </Badge>
      </SubTitle>
      <DescriptionList
        layout="rows"
        items={[
          ...(family
            ? [
                {
                  label: 'رقم الملف',
                  value: (
                    <PageLink pageId="families.show" params={{ id: family.id }}>
                      <FileNumber value={family.file_number} />
                    </PageLink>
                  ),
                },
                { label: 'رب الأسرة', value: family.head_name },
                ...(detail
                  ? [
                      { label: 'الهوية', value: <NationalId value={detail.head_national_id} /> },
                      { label: 'الجوال', value: <PhoneNumber value={detail.primary_phone} /> },
                      { label: 'عدد الأفراد', value: countOf(detail.members_count, 'member') },
                    ]
                  : []),
              ]
            : []),
          ...(match.row_number === null
            ? []
            : [{ label: 'رقم الصف', value: formatNumber(match.row_number) }]),
          {
            label: 'سبب التطابق',
            value: match.reasons.map((reason) => DUPLICATE_REASON_LABELS[reason]).join('، '),
          },
        ]}
      />
    </Side>
  );
}

export interface DuplicateCardProps {
  importId: number;
  row: FamilyImportRow;
  /** Decisions are taken only while the import is ready (not during or after its commit). */
  editable: boolean;
}

/**
 * A duplicate row beside what it matched, with its decision: skip it, update the matched family
 * (when it is a family of the register), or create a new family (only when no national ID
 * matched: the API refuses it otherwise, so the button is not offered).
 */
export function DuplicateCard({ importId, row, editable }: DuplicateCardProps) {
  const headingId = useId();
  const fileSideId = useId();
  const resolve = useResolveRow(importId);
  const certain = isCertain(row);
  const canUpdate = row.matches.some((match) => match.family !== null);
  const actions: ImportResolutionAction[] = [
    'skip',
    ...(canUpdate ? (['update'] as const) : []),
    ...(certain ? [] : (['create'] as const)),
  ];
  const pending = resolve.isPending ? resolve.variables.action : null;

  return (
    <Card as="article" aria-labelledby={headingId}>
      <Row>
        <SubTitle id={headingId}>الصف {formatNumber(row.row_number)}</SubTitle>
      </Row>
      <SideBySide>
        <Side aria-labelledby={fileSideId}>
          <SubTitle as="h4" id={fileSideId}>
            في الملف
          </SubTitle>
          <DescriptionList
            layout="rows"
            items={[
              { label: 'رب الأسرة', value: cellText(row, 'head.full_name') },
              { label: 'الهوية', value: <NationalId value={cellText(row, 'head.national_id')} /> },
              { label: 'الجوال', value: <PhoneNumber value={cellText(row, 'primary_phone')} /> },
              {
                label: 'تاريخ ميلاد رب الأسرة',
                // As written in the file (Gregorian or Hijri): the reader compares it with the family.
                value: <Identifier value={cellText(row, 'head.birth_date')} />,
              },
            ]}
          />
        </Side>
        {row.matches.map((match, index) => (
          <MatchSide
            key={`${match.family?.id ?? 'row'}-${match.row_number ?? index}`}
            match={match}
          />
        ))}
      </SideBySide>
      {row.resolution ? <Notice tone="info">القرار: {DECIDED[row.resolution]}</Notice> : null}
      {resolve.isError ? (
        <Notice tone="danger" role="alert">
          {readApiError(resolve.error).message}
        </Notice>
      ) : null}
      {editable ? (
        <Row role="group" aria-label={`القرار في الصف ${formatNumber(row.row_number)}`}>
          {actions.map((action) => (
            <Button
              key={action}
              variant={row.resolution === action ? 'primary' : 'secondary'}
              aria-pressed={row.resolution === action}
              loading={pending === action}
              loadingLabel="جارٍ حفظ القرار..."
              disabled={resolve.isPending}
              onClick={() => resolve.mutate({ row: row.row_number, action })}
            >
              {IMPORT_RESOLUTION_LABELS[action]}
            </Button>
          ))}
        </Row>
      ) : null}
    </Card>
  );
}
