import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './visually-hidden';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex-shrink: 0;
  inline-size: ${({ $size }) => $size}px;
  block-size: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid currentColor;
  border-block-start-color: transparent;
  opacity: 0.8;
  animation: ${spin} 0.8s linear infinite;

  /* Reduced motion: a slow pulse would still be motion, so show a still ring. */
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

export interface SpinnerProps {
  /** Announced to screen readers; omit inside a component that announces on its own. */
  label?: string;
  /** Diameter in px (default 20). */
  size?: number;
  className?: string;
}

export function Spinner({ label, size = 20, className }: SpinnerProps) {
  if (!label) return <Ring $size={size} className={className} aria-hidden="true" />;
  return (
    <span role="status" className={className} style={{ display: 'inline-flex' }}>
      <Ring $size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
