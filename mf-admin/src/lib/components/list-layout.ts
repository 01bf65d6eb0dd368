import styled from 'styled-components';

/** The filter row above a list: fields side by side, wrapping on narrow screens. */
export const Toolbar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
  margin-block-end: ${({ theme }) => theme.space.md};
`;

/** Pagination under a table. */
export const ListFooter = styled.div`
  margin-block-start: ${({ theme }) => theme.space.md};
`;

/** Buttons of one table row. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
