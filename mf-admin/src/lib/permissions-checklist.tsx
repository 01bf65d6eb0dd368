import { useId } from 'react';
import styled from 'styled-components';
import { PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from 'shared-contracts';
import { Button, CheckboxField, Icon } from 'shared-ui';
import { pagesOpenedBy } from 'shared-contracts/admin';
import { PERMISSION_KEY_SECTIONS } from './permission-key-sections';

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
  min-inline-size: 0;
`;

const Legend = styled.legend`
  padding-inline: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-end: ${({ theme }) => theme.space.sm};
`;

const Count = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Group = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  min-inline-size: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const GroupLegend = styled.legend`
  padding: 0;
  margin-block-end: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const ErrorText = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-block-start: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const Note = styled.p`
  margin-block-end: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface PermissionsChecklistProps {
  value: readonly PermissionKey[];
  onChange: (next: PermissionKey[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /**
   * The keys the employee filling the form may add or remove (`grantableKeys`); the others are
   * shown, disabled, and kept as they are by every button. All keys when left out.
   */
  grantable?: readonly PermissionKey[];
  /** Why some keys (or all) are disabled. */
  note?: string;
  /** Under each key, the pages it opens (from the route table). */
  showPages?: boolean;
  /** The fieldset's title (الصلاحيات by default). */
  legend?: string;
}

/** "يفتح: الأسر، تسجيل أسرة" — the pages a key opens, or why it opens none. */
export function keyPagesHint(key: PermissionKey): string {
  const pages = pagesOpenedBy(key);
  return pages.length > 0
    ? `يفتح: ${pages.map((page) => page.title).join('، ')}`
    : 'لا يفتح صفحة بمفرده، يكمّل صلاحيات أخرى';
}

/**
 * The permission keys as labelled checkboxes in groups (each group a fieldset, so a screen
 * reader announces "الأسر، إضافة الأسر"), with select-all / clear. The value keeps the
 * contract's key order, so a saved list never changes just because of click order.
 */
export function PermissionsChecklist({
  value,
  onChange,
  onBlur,
  error,
  disabled,
  grantable = PERMISSION_KEYS,
  note,
  showPages = false,
  legend = 'الصلاحيات',
}: PermissionsChecklistProps) {
  const errorId = useId();
  const noteId = useId();
  const selected = new Set(value);
  const open = new Set(grantable);
  const inContractOrder = (keys: Set<PermissionKey>) =>
    PERMISSION_KEYS.filter((key) => keys.has(key));

  const toggle = (key: PermissionKey, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(key);
    else next.delete(key);
    onChange(inContractOrder(next));
  };
  /** Every grantable key on (or off); the keys the employee may not touch stay as they are. */
  const setAllGrantable = (checked: boolean) => {
    const next = new Set(selected);
    for (const key of open) {
      if (checked) next.add(key);
      else next.delete(key);
    }
    onChange(inContractOrder(next));
  };
  const grantableSelected = [...open].filter((key) => selected.has(key)).length;
  const describedBy = [note ? noteId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <Fieldset
      aria-describedby={describedBy === '' ? undefined : describedBy}
      aria-invalid={error ? true : undefined}
    >
      <Legend>{legend}</Legend>
      <Header>
        <Count aria-live="polite">{`المحدد: ${selected.size} من ${PERMISSION_KEYS.length}`}</Count>
        <Buttons>
          <Button
            size="sm"
            variant="secondary"
            disabled={disabled || grantableSelected === open.size}
            onClick={() => setAllGrantable(true)}
          >
            تحديد الكل
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={disabled || grantableSelected === 0}
            onClick={() => setAllGrantable(false)}
          >
            إلغاء التحديد
          </Button>
        </Buttons>
      </Header>
      {note ? <Note id={noteId}>{note}</Note> : null}
      <Groups>
        {PERMISSION_KEY_SECTIONS.map((group) => (
          <Group key={group.title}>
            <GroupLegend>{group.title}</GroupLegend>
            {group.keys.map((key) => (
              <CheckboxField
                key={key}
                label={PERMISSION_LABELS[key]}
                hint={showPages ? keyPagesHint(key) : undefined}
                name="permissions"
                value={key}
                checked={selected.has(key)}
                disabled={disabled || !open.has(key)}
                onChange={(event) => toggle(key, event.target.checked)}
                onBlur={onBlur}
              />
            ))}
          </Group>
        ))}
      </Groups>
      {error ? (
        <ErrorText id={errorId}>
          <Icon name="alert" size={16} />
          {error}
        </ErrorText>
      ) : null}
    </Fieldset>
  );
}
