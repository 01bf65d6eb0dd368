import styled from 'styled-components';

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
