import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { z } from 'zod';
import { Button, DateField } from 'shared-ui';
import type { ReportQuery } from './report-query';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

/** The fields as typed (every value a string; '' is "no filter"). */
export type ReportDraft = Record<string, string>;

export interface ReportFieldsProps {
  readonly draft: ReportDraft;
  /** The handler of a field's change (`onChange={set('city')}`); `also` resets dependants. */
  readonly set: (
    field: string,
    also?: ReportDraft,
  ) => (event: { target: { value: string } }) => void;
  readonly errors: Readonly<Record<string, string | undefined>>;
}

function draftOf(query: ReportQuery): ReportDraft {
  const draft: ReportDraft = {};
  for (const [key, value] of Object.entries(query)) {
    draft[key] = value === undefined || value === null ? '' : String(value);
  }
  return draft;
}

/**
 * A report's filters: the period («من»، «إلى») and the kind's own fields, applied together with
 * «عرض التقرير» and checked with the API's own schema (the Arabic reason under the field). The
 * fields follow the address when it changes (back button).
 */
export function ReportFilterForm<Q extends ReportQuery>({
  schema,
  query,
  onChange,
  fields,
}: {
  schema: z.ZodType<Q>;
  query: Q;
  onChange: (query: Q) => void;
  /** The kind's fields besides the period (SelectFields bound with `set`). */
  fields?: (props: ReportFieldsProps) => ReactNode;
}) {
  const [draft, setDraft] = useState<ReportDraft>(() => draftOf(query));
  const [shown, setShown] = useState(query);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  if (shown !== query && JSON.stringify(shown) !== JSON.stringify(query)) {
    setShown(query);
    setDraft(draftOf(query));
  }
  const set: ReportFieldsProps['set'] = (field, also) => (event) =>
    setDraft((current) => ({ ...current, [field]: event.target.value, ...also }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'from');
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onChange(parsed.data);
  };

  return (
    <Form aria-label="معايير التقرير" onSubmit={apply} noValidate data-print-hide="">
      <DateField
        label="من"
        required
        showHijri={false}
        value={draft.from ?? ''}
        error={errors.from}
        onChange={set('from')}
      />
      <DateField
        label="إلى"
        required
        showHijri={false}
        value={draft.to ?? ''}
        error={errors.to}
        onChange={set('to')}
      />
      {fields?.({ draft, set, errors })}
      <Button type="submit" icon="refresh">
        عرض التقرير
      </Button>
    </Form>
  );
}
