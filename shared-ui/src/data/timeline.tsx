import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../format/format';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Entry = styled.li`
  border-inline-start: 3px solid ${({ theme }) => theme.colors.border};
  padding-inline-start: ${({ theme }) => theme.space.md};
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const TIMELINE_SYSTEM_ACTOR = 'النظام';

export interface TimelineEntry {
  key: string | number;
  /** What happened ('تعديل — محمد أحمد'). */
  title: ReactNode;
  /** Who did it; null or undefined is the system. */
  actor?: string | null;
  /** When (ISO), shown as date and time in Riyadh inside `<time>`. */
  at: string;
  /** Details under the line (changed fields old → new, a reason). */
  children?: ReactNode;
}

export interface TimelineProps {
  /** The list's accessible name ('سجل نشاط الأسرة'). */
  label: string;
  /** In the order to show (newest first, as the API gives the activity log). */
  entries: readonly TimelineEntry[];
  className?: string;
}

/** An activity history: an ordered list of events, each with who and when, and its details. */
export function Timeline({ label, entries, className }: TimelineProps) {
  return (
    <List aria-label={label} className={className}>
      {entries.map((entry) => (
        <Entry key={entry.key}>
          <p>{entry.title}</p>
          <Meta>
            {entry.actor ?? TIMELINE_SYSTEM_ACTOR} —{' '}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Meta>
          {entry.children}
        </Entry>
      ))}
    </List>
  );
}
