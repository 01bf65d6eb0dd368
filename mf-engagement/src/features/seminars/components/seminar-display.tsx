import { SEMINAR_STATUSES, type Seminar, type SeminarStatus } from 'shared-contracts/engagement';
import { Badge, LtrText, StatusBadge, formatDateDual, type BadgeTone } from 'shared-ui';

/*
 * How a seminar reads everywhere in this feature: its status badge, and its time as the
 * Gregorian date with the Hijri beside it (formatDateDual) and the hours in a left-to-right run.
 */

const STATUS_TONES: Record<SeminarStatus, BadgeTone> = {
  planned: 'neutral',
  open: 'success',
  closed: 'warning',
  held: 'info',
  cancelled: 'danger',
};

export function SeminarStatusBadge({ status }: { status: SeminarStatus }) {
  return <StatusBadge choices={SEMINAR_STATUSES} value={status} tones={STATUS_TONES} />;
}

/** `2026-12-01T17:30` → its date part and its time part. */
export function splitLocal(value: string): { date: string; time: string } {
  return { date: value.slice(0, 10), time: value.slice(11, 16) };
}

/** The date(s) with the Hijri beside, then the hours: one day, or a course spanning several. */
export function SeminarWhen({ seminar }: { seminar: Pick<Seminar, 'starts_at' | 'ends_at'> }) {
  const start = splitLocal(seminar.starts_at);
  const end = splitLocal(seminar.ends_at);
  if (start.date === end.date) {
    return (
      <>
        {formatDateDual(start.date)}، <LtrText>{`${start.time}–${end.time}`}</LtrText>
      </>
    );
  }
  return (
    <>
      من {formatDateDual(start.date)} <LtrText>{start.time}</LtrText> إلى {formatDateDual(end.date)}{' '}
      <LtrText>{end.time}</LtrText>
    </>
  );
}

/** The marker of a person who moved up from the waiting list. */
export const PROMOTED_LABEL = 'رُقّي من الانتظار';
export function PromotedBadge() {
  return <Badge tone="info">{PROMOTED_LABEL}</Badge>;
}

/** The marker of a member registered outside the target audience. */
export const OVERRIDE_LABEL = 'استثناء من الفئة المستهدفة';
export function OverrideBadge() {
  return <Badge tone="warning">{OVERRIDE_LABEL}</Badge>;
}
