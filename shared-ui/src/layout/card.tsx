import styled from 'styled-components';

/** A raised surface for a page section. A plain styled element, so `as="section"` etc. work. */
export const Card = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.lg};
  }
`;
