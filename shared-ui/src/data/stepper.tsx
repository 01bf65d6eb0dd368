import styled from 'styled-components';
import { Icon } from '../controls/icon';
import { VisuallyHidden } from '../feedback/visually-hidden';
import { formatNumber } from '../format/format';

export const STEPPER_LABEL = 'خطوات النموذج';
export const STEP_STATE_LABELS = {
  complete: 'مكتملة',
  current: 'الخطوة الحالية',
  upcoming: 'لم تبدأ',
} as const;

type StepState = keyof typeof STEP_STATE_LABELS;

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Step = styled.li<{ $state: StepState }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: 1 1 10rem;
  min-inline-size: 0;
  padding-block: ${({ theme }) => theme.space.sm};
  border-block-start: 3px solid
    ${({ theme, $state }) => ($state === 'upcoming' ? theme.colors.border : theme.colors.primary)};
  color: ${({ theme, $state }) => ($state === 'upcoming' ? theme.colors.textMuted : theme.colors.text)};
  font-weight: ${({ theme, $state }) => ($state === 'current' ? theme.font.weight.bold : theme.font.weight.regular)};
`;

const Marker = styled.span<{ $state: StepState }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  inline-size: 1.75rem;
  block-size: 1.75rem;
  border-radius: ${({ theme }) => theme.radii.full};
  border: 2px solid
    ${({ theme, $state }) => ($state === 'upcoming' ? theme.colors.borderStrong : theme.colors.primary)};
  background: ${({ theme, $state }) => ($state === 'complete' ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $state }) =>
    $state === 'complete'
      ? theme.colors.onPrimary
      : $state === 'current'
        ? theme.colors.primary
        : theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface StepperProps {
  /** Arabic step names in order. */
  steps: readonly string[];
  /** 0-based index of the current step (the wizard's stored step number minus one). */
  current: number;
  'aria-label'?: string;
  className?: string;
}

/** Wizard progress: an ordered list, the current step marked with aria-current="step". */
export function Stepper({ steps, current, className, ...rest }: StepperProps) {
  return (
    <List aria-label={rest['aria-label'] ?? STEPPER_LABEL} className={className}>
      {steps.map((label, index) => {
        const state: StepState =
          index < current ? 'complete' : index === current ? 'current' : 'upcoming';
        return (
          <Step
            key={`${index}-${label}`}
            $state={state}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
          >
            <Marker $state={state} aria-hidden="true">
              {state === 'complete' ? <Icon name="check" size={16} /> : formatNumber(index + 1)}
            </Marker>
            <span>
              {label}
              <VisuallyHidden>{` (${STEP_STATE_LABELS[state]})`}</VisuallyHidden>
            </span>
          </Step>
        );
      })}
    </List>
  );
}
