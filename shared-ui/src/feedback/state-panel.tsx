import styled from 'styled-components';

/** The shared look of empty / error / under-construction panels: calm, centred, roomy. */
export const StatePanel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding-block: ${({ theme }) => theme.space.xxl};
  padding-inline: ${({ theme }) => theme.space.lg};
  text-align: center;
  color: ${({ theme }) => theme.colors.text};
`;

export const StateIcon = styled.span<{ $tone?: 'muted' | 'danger' | 'primary' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  inline-size: 3.5rem;
  block-size: 3.5rem;
  border-radius: ${({ theme }) => theme.radii.full};
  margin-block-end: ${({ theme }) => theme.space.xs};
  background: ${({ theme, $tone }) =>
    $tone === 'danger'
      ? theme.colors.badge.danger.bg
      : $tone === 'primary'
        ? theme.colors.primarySubtle
        : theme.colors.surfaceMuted};
  color: ${({ theme, $tone }) =>
    $tone === 'danger'
      ? theme.colors.badge.danger.fg
      : $tone === 'primary'
        ? theme.colors.onPrimarySubtle
        : theme.colors.textMuted};
`;

export const StateTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
`;

export const StateText = styled.p`
  max-inline-size: 36rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const StateActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.sm};
`;
