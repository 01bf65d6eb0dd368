import { type FinancialRecord } from 'shared-contracts/finance';
import { LtrText, PageLink } from 'shared-ui';

/** "#12" as an identifier: record numbers read left to right inside Arabic text. */
export function RecordNumber({ id }: { id: number }) {
  return <LtrText>{`#${id}`}</LtrText>;
}

/** A link to another record by its number (the reversal's original, or its reversing entry). */
export function RecordLink({ id, label }: { id: number; label: string }) {
  return (
    <PageLink pageId="financial.show" params={{ id }}>
      {label} <RecordNumber id={id} />
    </PageLink>
  );
}

/**
 * How a record stands to its reversal, for the list and the show page: a reversing entry names
 * the original it reverses, a reversed original names its reversing entry. Nothing otherwise.
 */
export function ReversalRelation({ record }: { record: FinancialRecord }) {
  if (record.reverses_id !== null) return <RecordLink id={record.reverses_id} label="يعكس القيد" />;
  if (record.reversed_by_id !== null)
    return <RecordLink id={record.reversed_by_id} label="معكوس بالقيد" />;
  return null;
}

/** The record's links (family, organisation, programme, service) as short text. */
export function linkedSummary(record: FinancialRecord): string {
  const parts: string[] = [];
  if (record.family) parts.push(`أسرة ${record.family.head_name}`);
  if (record.organisation) parts.push(record.organisation.name);
  if (record.season) parts.push(record.season.name);
  if (record.service) parts.push(`خدمة ${record.service.name}`);
  return parts.join('، ');
}
