import type { ReactNode } from 'react';
import styled from 'styled-components';
import { EMPTY_VALUE } from 'shared-ui';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Item = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-inline-size: 0;
`;

const Term = styled.dt`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Value = styled.dd`
  margin: 0;
  overflow-wrap: anywhere;
`;

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label/value pairs of a show page (a description list, two columns from md). */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <List>
      {items.map((item) => (
        <Item key={item.label}>
          <Term>{item.label}</Term>
          <Value>
            {item.value === null || item.value === undefined || item.value === ''
              ? EMPTY_VALUE
              : item.value}
          </Value>
        </Item>
      ))}
    </List>
  );
}
