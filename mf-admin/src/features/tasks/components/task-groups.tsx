import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { countOf } from 'shared-contracts';
import type { TaskGroup } from 'shared-contracts/resources/tasks-contracts';
import { Badge, Card, Identifier, formatDateDual } from 'shared-ui';

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: 1.1rem;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: baseline;
`;

const Count = styled.span`
  font-size: 0.95rem;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  align-items: baseline;
  padding-block: ${({ theme }) => theme.space.xs};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-block-end: none;
  }
`;

const Due = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One kind's tasks: its heading with the count, each task a link to the record where it is done. */
export function TaskGroupSection({ group }: { group: TaskGroup }) {
  const headingId = `tasks-${group.kind}`;
  return (
    <Section as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>
        {group.label}
        <Count>{countOf(group.count, 'task')}</Count>
      </Heading>
      <List>
        {group.tasks.map((task) => (
          <Item key={task.key}>
            <Link to={task.link}>{task.title}</Link>
            {task.reference ? (
              <span>
                {task.reference.label}: <Identifier value={task.reference.value} />
              </span>
            ) : null}
            <Due>الموعد: {formatDateDual(task.due_date)}</Due>
            {task.overdue ? <Badge tone="danger">متأخرة</Badge> : null}
          </Item>
        ))}
      </List>
      {group.count > group.tasks.length ? (
        <p>
          تُعرض أقرب {countOf(group.tasks.length, 'task')} من{' '}
          {countOf(group.count, 'task', { case: 'oblique' })}.
        </p>
      ) : null}
    </Section>
  );
}
