import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  endpointPath,
  familyListResponseSchema,
  familyStatusLabel,
  toFamilyListParams,
  type Family,
  type FamilyStatus,
} from 'shared-contracts';
import { Button, DataTable, TextField } from 'shared-ui';
import { useApiClient } from '../api-client';
import { beneficiariesKeys } from '../query-keys';
import { useDebouncedValue } from '../use-debounced-value';
import { LtrText } from './ltr-text';
import { Muted, Stack } from './layout';

const PICKER_PAGE_SIZE = 8;

/**
 * Picks a family by search (name, file number, national ID or phone — the API normalises the
 * Arabic). Used by moving a member and by enrolling a family in a season.
 */
export function FamilyPicker({
  label = 'ابحث عن الأسرة',
  selectedId,
  onSelect,
  excludeId,
  statuses,
  error,
}: {
  label?: string;
  selectedId: number | null;
  onSelect: (family: Family) => void;
  excludeId?: number;
  statuses?: readonly FamilyStatus[];
  error?: string | undefined;
}) {
  const client = useApiClient();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const params = toFamilyListParams({
    search: term,
    per_page: PICKER_PAGE_SIZE,
    filter: statuses ? { status: [...statuses] } : {},
  });
  const query = useQuery({
    queryKey: beneficiariesKeys.families.picker(JSON.stringify(params)),
    queryFn: async () =>
      familyListResponseSchema.parse(
        (await client.get(endpointPath('familyList'), { params })).data,
      ),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
  const rows = (query.data?.data ?? []).filter((family) => family.id !== excludeId);

  return (
    <Stack $gap="sm">
      <TextField
        type="search"
        label={label}
        hint="الاسم أو رقم الملف أو رقم الهوية أو الجوال (حرفان على الأقل)"
        value={search}
        normaliseDigits
        error={error}
        onChange={(event) => setSearch(event.target.value)}
      />
      {term.length >= 2 ? (
        <DataTable<Family>
          caption="نتائج البحث عن الأسر"
          rowKey="id"
          loading={query.isFetching}
          rows={rows}
          emptyTitle={query.isError ? 'تعذر البحث، حاول مرة أخرى' : 'لا توجد أسر مطابقة'}
          columns={[
            {
              id: 'file_number',
              header: 'رقم الملف',
              cell: (row) => <LtrText>{row.file_number}</LtrText>,
            },
            { id: 'head_name', header: 'رب الأسرة', cell: (row) => row.head_name },
            {
              id: 'head_national_id',
              header: 'الهوية',
              cell: (row) => <LtrText>{row.head_national_id}</LtrText>,
            },
            { id: 'status', header: 'الحالة', cell: (row) => familyStatusLabel(row.status) },
            {
              id: 'pick',
              header: 'اختيار',
              cell: (row) =>
                row.id === selectedId ? (
                  <Button size="sm" variant="secondary" icon="check" aria-pressed="true" disabled>
                    تم الاختيار
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`اختيار أسرة ${row.head_name} (${row.file_number})`}
                    onClick={() => onSelect(row)}
                  >
                    اختيار
                  </Button>
                ),
            },
          ]}
        />
      ) : (
        <Muted>اكتب للبحث، ثم اختر الأسرة من النتائج.</Muted>
      )}
    </Stack>
  );
}
