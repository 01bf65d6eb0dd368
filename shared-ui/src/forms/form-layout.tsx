import styled from 'styled-components';

/**
 * The row of form buttons. Submit first in DOM order, so it sits at the inline start (right in
 * RTL) where the eye lands first, and keyboard order matches reading order.
 */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.lg};
  padding-block-start: ${({ theme }) => theme.space.md};
  border-block-start: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * One column on small screens, two from md. A child with `data-span="full"` takes the whole row
 * (addresses, notes).
 */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    column-gap: ${({ theme }) => theme.space.lg};

    & > [data-span='full'] {
      grid-column: 1 / -1;
    }
  }
`;
