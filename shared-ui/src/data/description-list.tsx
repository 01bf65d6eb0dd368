import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { EMPTY_VALUE } from '../format/format';

export interface DescriptionItem {
  label: string;
  /** Null, undefined or '' shows '—'. */
  value: ReactNode;
}

export type DescriptionListLayout = 'columns' | 'rows';

const List = styled.dl<{ $layout: DescriptionListLayout }>`
  display: grid;
  margin: 0;
  ${({ theme, $layout }) =>
    $layout === 'columns'
      ? css`
          grid-template-columns: minmax(0, 1fr);
          gap: ${theme.space.sm} ${theme.space.lg};

          ${theme.media.md} {
            grid-template-columns: repeat(2, minmax(0, 1fr));
          }
        `
      : css`
          grid-template-columns: max-content minmax(0, 1fr);
          gap: ${theme.space.xs} ${theme.space.md};
        `}
`;

/** One label/value pair; `display: contents` in rows so the pair fills a row of the list's grid. */
const Item = styled.div<{ $layout: DescriptionListLayout }>`
  ${({ theme, $layout }) =>
    $layout === 'columns'
      ? css`
          display: flex;
          flex-direction: column;
          gap: ${theme.space.xxs};
          min-inline-size: 0;
        `
      : css`
          display: contents;
        `}
`;

const Term = styled.dt<{ $layout: DescriptionListLayout }>`
  color: ${({ theme }) => theme.colors.textMuted};
  ${({ theme, $layout }) =>
    $layout === 'columns'
      ? css`
          font-size: ${theme.font.size.sm};
        `
      : css`
          font-weight: ${theme.font.weight.semibold};
        `}
`;

const Value = styled.dd`
  margin: 0;
  overflow-wrap: anywhere;
`;

export interface DescriptionListProps {
  items: readonly DescriptionItem[];
  /**
   * `columns` (default): each label above its value, two pairs a row from md (show pages).
   * `rows`: label beside value, one pair a row (details in a dialog).
   */
  layout?: DescriptionListLayout;
  className?: string;
}

/** Label/value pairs as a `<dl>` (a record's details); empty values show '—'. */
export function DescriptionList({ items, layout = 'columns', className }: DescriptionListProps) {
  return (
    <List $layout={layout} className={className}>
      {items.map((item) => (
        <Item key={item.label} $layout={layout}>
          <Term $layout={layout}>{item.label}</Term>
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
