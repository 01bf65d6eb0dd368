import styled from 'styled-components';

export const PRODUCT_NAME = 'عطاء';

const Root = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ $size }) => `${Math.round($size * 0.6)}px`};
  line-height: 1;
  color: inherit;
  white-space: nowrap;

  svg {
    flex-shrink: 0;
  }
`;

/** The mark alone: cupped hands under a heart, drawn inline so it needs no request and scales crisply. */
export function AtaaMark({ size = 40, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <rect width="64" height="64" rx="16" fill="#0f6e66" />
      <path
        d="M32 41c-10-7.4-13.6-13-10.6-17.6 2.6-4 8-3.6 10.6.8 2.6-4.4 8-4.8 10.6-.8C45.6 28 42 33.6 32 41z"
        fill="#f6c453"
      />
      <path
        d="M12 35c3.6 10.4 12 16 20 16s16.4-5.6 20-16"
        fill="none"
        stroke="#ffffff"
        strokeWidth="4.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The product logo. The wordmark is real text (not SVG text) so it is drawn in the page's
 * self-hosted Arabic font and read by screen readers; the mark is then decorative.
 */
export function AtaaLogo({ size = 40, wordmark = true }: { size?: number; wordmark?: boolean }) {
  return (
    <Root $size={size}>
      <AtaaMark size={size} title={wordmark ? undefined : PRODUCT_NAME} />
      {wordmark ? <span>{PRODUCT_NAME}</span> : null}
    </Root>
  );
}
