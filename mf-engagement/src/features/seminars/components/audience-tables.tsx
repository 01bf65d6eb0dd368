import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { countOf, normaliseArabic, normaliseDigits, readApiError } from 'shared-contracts';
import {
  ATTENDANCE_VALUES,
  type Attendance,
  type AudienceEntry,
} from 'shared-contracts/engagement';
import { labelOf } from 'shared-contracts/beneficiaries';
import {
  Badge,
  Button,
  ConfirmDialog,
  FileNumber,
  NationalId,
  Notice,
  PhoneNumber,
  Row,
  Stack,
  SubTitle,
  TableScroll,
  TextField,
  VisuallyHidden,
  useToast,
} from 'shared-ui';
import { useMarkAttendance, useRemoveAudience } from '../api/seminars-api';
import { OverrideBadge, PromotedBadge } from './seminar-display';

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-block-end: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    vertical-align: middle;
  }
  tbody tr:focus {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;

/**
 * An audience table in its own region: below 768 px each person is a card (every cell names its
 * column in `data-label`), so the attendance buttons are on a phone's screen and the page never
 * scrolls sideways.
 */
function Table({
  'aria-labelledby': labelledBy,
  children,
}: {
  'aria-labelledby': string;
  children: ReactNode;
}) {
  return (
    <TableScroll labelledBy={labelledBy} cardsOnPhone>
      <StyledTable aria-labelledby={labelledBy}>{children}</StyledTable>
    </TableScroll>
  );
}

/** What the quick attendance box matches: the name (Arabic-normalised), national ID, phone or file number. */
export function entryMatches(entry: AudienceEntry, term: string): boolean {
  const typed = normaliseDigits(term).trim();
  if (typed === '') return false;
  const digits = typed.replace(/[\s-]/g, '');
  if (/^\d{3,}$/.test(digits)) {
    return [entry.national_id, entry.phone, entry.family?.file_number].some((value) =>
      value?.replace(/\D/g, '').includes(digits),
    );
  }
  const words = normaliseArabic(typed).split(' ').filter(Boolean);
  const name = normaliseArabic(entry.name);
  return (
    words.every((word) => name.includes(word)) ||
    entry.family?.file_number.toLowerCase() === typed.toLowerCase()
  );
}

function AttendanceBadge({ value }: { value: Attendance | null }) {
  if (value === null) return <Badge tone="neutral">لم يُسجل</Badge>;
  return (
    <Badge tone={value === 'attended' ? 'success' : 'danger'}>
      {labelOf(ATTENDANCE_VALUES, value)}
    </Badge>
  );
}

function Identity({ entry }: { entry: AudienceEntry }) {
  if (entry.kind === 'guest') return <PhoneNumber value={entry.phone} />;
  return (
    <>
      <NationalId value={entry.national_id} /> — <FileNumber value={entry.family?.file_number} />
    </>
  );
}

/** The note saying why attendance cannot be marked yet; the disabled buttons point to it. */
const ATTENDANCE_LOCKED_ID = 'attendance-locked-reason';

export const QUICK_ATTENDANCE_LABEL =
  'تسجيل الحضور السريع: اكتب الاسم أو رقم الهوية ثم اضغط مفتاح الإدخال';

/**
 * The registered people with their attendance, and the keyboard-only way to mark it on the day:
 * type a name or an ID in the box and press Enter — one match is marked attended and the box is
 * ready for the next person; several matches put focus on the first of them. On a row, Enter
 * marks attended, N (or غ) no-show, the arrows move, and after a mark focus goes to the next row;
 * Escape goes back to the box. Every mark is announced.
 */
export function RegisteredTable({
  seminarId,
  entries,
  attendance,
  removable,
  attendanceLockedReason = null,
}: {
  seminarId: number;
  entries: readonly AudienceEntry[];
  /** The seminar takes attendance now (open, closed or held). */
  attendance: boolean;
  /** Registrations can still be removed (the place goes to the first waiting person). */
  removable: boolean;
  /** Why attendance cannot be marked yet (the seminar has not begun): the buttons stay disabled with it. */
  attendanceLockedReason?: string | null;
}) {
  const marking = attendance && !attendanceLockedReason;
  const mark = useMarkAttendance(seminarId);
  const { toast } = useToast();
  const [term, setTerm] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const rowRefs = useRef(new Map<number, HTMLTableRowElement>());
  const visible =
    term.trim() === '' ? entries : entries.filter((entry) => entryMatches(entry, term));

  /** Focuses row `index` of the shown rows; before the first or after the last, the box. */
  const focusRow = (index: number) => {
    const entry = index < 0 ? undefined : visible[index];
    if (entry) rowRefs.current.get(entry.id)?.focus();
    else inputRef.current?.focus();
  };

  const markEntry = (entry: AudienceEntry, value: Attendance | null, then: () => void) =>
    mark.mutate(
      { entryId: entry.id, attendance: value },
      {
        onSuccess: () => {
          setAnnouncement(
            value
              ? `${entry.name}: ${labelOf(ATTENDANCE_VALUES, value)}`
              : `${entry.name}: أُلغي تسجيل الحضور`,
          );
          then();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'تعذر تسجيل الحضور',
            description: readApiError(error).message,
          }),
      },
    );

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusRow(0);
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (visible.length === 0 || term.trim() === '') {
      setAnnouncement('لا يوجد مسجل مطابق');
      return;
    }
    if (visible.length > 1) {
      setAnnouncement(`وُجدت ${countOf(visible.length, 'result')}، اختر بالأسهم ثم مفتاح الإدخال`);
      focusRow(0);
      return;
    }
    const [only] = visible;
    if (!only) return;
    markEntry(only, 'attended', () => {
      setTerm('');
      inputRef.current?.focus();
    });
  };

  const onRowKey = (
    event: KeyboardEvent<HTMLTableRowElement>,
    entry: AudienceEntry,
    index: number,
  ) => {
    if (event.target !== event.currentTarget) return;
    const key = event.key.toLowerCase();
    if (key === 'arrowdown') focusRow(index + 1);
    else if (key === 'arrowup') focusRow(index - 1);
    else if (key === 'escape') inputRef.current?.focus();
    else if (marking && (key === 'enter' || key === 'n' || key === 'غ')) {
      const next = visible[index + 1]?.id;
      markEntry(entry, key === 'enter' ? 'attended' : 'no_show', () => {
        if (next !== undefined) rowRefs.current.get(next)?.focus();
        else {
          setTerm('');
          inputRef.current?.focus();
        }
      });
    } else return;
    event.preventDefault();
  };

  return (
    <Stack $gap="sm">
      <SubTitle id="registered-title">المسجلون</SubTitle>
      {attendance && attendanceLockedReason ? (
        <div id={ATTENDANCE_LOCKED_ID}>
          <Notice tone="info">{attendanceLockedReason}</Notice>
        </div>
      ) : null}
      {marking ? (
        <TextField
          ref={inputRef}
          label={QUICK_ATTENDANCE_LABEL}
          hint="على صف: مفتاح الإدخال = حضر، حرف غ أو N = لم يحضر، الأسهم للتنقل، مفتاح الخروج للعودة إلى هذا الحقل."
          value={term}
          normaliseDigits
          autoComplete="off"
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={onInputKey}
        />
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {visible.length === 0 ? (
        <p>{entries.length === 0 ? 'لم يسجل أحد بعد' : 'لا يوجد مسجل مطابق'}</p>
      ) : (
        <Table aria-labelledby="registered-title">
          <thead>
            <tr>
              <th scope="col">م</th>
              <th scope="col">الاسم</th>
              <th scope="col">الهوية / الملف أو الجوال</th>
              <th scope="col">الحضور</th>
              <th scope="col">إجراءات</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((entry, index) => (
              <tr
                key={entry.id}
                ref={(node) => {
                  if (node) rowRefs.current.set(entry.id, node);
                  else rowRefs.current.delete(entry.id);
                }}
                tabIndex={marking ? 0 : -1}
                aria-label={`${entry.name}، الحضور: ${entry.attendance ? labelOf(ATTENDANCE_VALUES, entry.attendance) : 'لم يُسجل'}`}
                onKeyDown={(event) => onRowKey(event, entry, index)}
              >
                <td data-label="م">{index + 1}</td>
                <td data-label="الاسم">
                  {entry.name} {entry.promoted_at ? <PromotedBadge /> : null}{' '}
                  {entry.override_note ? <OverrideBadge /> : null}
                  {entry.kind === 'guest' ? <Badge tone="neutral">ضيف</Badge> : null}
                </td>
                <td data-label="الهوية / الملف أو الجوال">
                  <Identity entry={entry} />
                </td>
                <td data-label="الحضور">
                  <AttendanceBadge value={entry.attendance} />
                </td>
                <td>
                  <Row>
                    {attendance ? (
                      <>
                        <Button
                          size="sm"
                          variant={entry.attendance === 'attended' ? 'primary' : 'secondary'}
                          aria-pressed={entry.attendance === 'attended'}
                          disabled={!marking}
                          aria-describedby={marking ? undefined : ATTENDANCE_LOCKED_ID}
                          onClick={() => markEntry(entry, 'attended', () => undefined)}
                        >
                          حضر<VisuallyHidden>{` — ${entry.name}`}</VisuallyHidden>
                        </Button>
                        <Button
                          size="sm"
                          variant={entry.attendance === 'no_show' ? 'danger' : 'secondary'}
                          aria-pressed={entry.attendance === 'no_show'}
                          disabled={!marking}
                          aria-describedby={marking ? undefined : ATTENDANCE_LOCKED_ID}
                          onClick={() => markEntry(entry, 'no_show', () => undefined)}
                        >
                          لم يحضر<VisuallyHidden>{` — ${entry.name}`}</VisuallyHidden>
                        </Button>
                      </>
                    ) : null}
                    {removable ? <RemoveButton seminarId={seminarId} entry={entry} /> : null}
                  </Row>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Removes a registration after a confirmation; the API promotes the first waiting person. */
function RemoveButton({ seminarId, entry }: { seminarId: number; entry: AudienceEntry }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveAudience(seminarId);
  const { toast } = useToast();
  return (
    <>
      <Button size="sm" variant="secondary" icon="trash" onClick={() => setOpen(true)}>
        إلغاء التسجيل<VisuallyHidden>{` — ${entry.name}`}</VisuallyHidden>
      </Button>
      {open ? (
        <ConfirmDialog
          open
          title={`إلغاء تسجيل ${entry.name}؟`}
          message={
            entry.state === 'registered'
              ? 'يتحرر مقعده وينتقل إليه أول من في قائمة الانتظار.'
              : 'يُحذف من قائمة الانتظار.'
          }
          confirmLabel="إلغاء التسجيل"
          destructive
          busy={remove.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            remove.mutate(entry.id, {
              onSuccess: (answer) => {
                toast({
                  title: answer.message,
                  description: answer.data.entry
                    ? `انتقل ${answer.data.entry.name} من قائمة الانتظار إلى المسجلين`
                    : undefined,
                });
                setOpen(false);
              },
              onError: (error) => {
                toast({
                  variant: 'destructive',
                  title: 'تعذر إلغاء التسجيل',
                  description: readApiError(error).message,
                });
                setOpen(false);
              },
            })
          }
        />
      ) : null}
    </>
  );
}

/** The waiting list in its order. */
export function WaitingTable({
  seminarId,
  entries,
  removable,
}: {
  seminarId: number;
  entries: readonly AudienceEntry[];
  removable: boolean;
}) {
  return (
    <Stack $gap="sm">
      <SubTitle id="waiting-title">قائمة الانتظار</SubTitle>
      {entries.length === 0 ? (
        <p>لا يوجد أحد في قائمة الانتظار</p>
      ) : (
        <Table aria-labelledby="waiting-title">
          <thead>
            <tr>
              <th scope="col">الترتيب</th>
              <th scope="col">الاسم</th>
              <th scope="col">الهوية / الملف أو الجوال</th>
              {removable ? <th scope="col">إجراءات</th> : null}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label="الترتيب">{entry.waiting_position}</td>
                <td data-label="الاسم">
                  {entry.name} {entry.override_note ? <OverrideBadge /> : null}
                </td>
                <td data-label="الهوية / الملف أو الجوال">
                  <Identity entry={entry} />
                </td>
                {removable ? (
                  <td>
                    <RemoveButton seminarId={seminarId} entry={entry} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Stack>
  );
}
