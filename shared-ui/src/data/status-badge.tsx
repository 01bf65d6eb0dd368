import type { BadgeTone } from '../theme/tokens';
import { Badge } from './badge';

/** A coded choice as the contracts list it (`{ code: 'active', label: 'نشطة' }`). */
export interface CodedChoice {
  readonly code: string;
  readonly label: string;
}

export interface StatusBadgeProps<C extends string> {
  /** The choice list the code belongs to (its labels are what staff read). */
  choices: readonly CodedChoice[];
  value: C;
  /** Colour per code; codes not listed are neutral. The label carries the meaning, not the colour. */
  tones?: Partial<Record<C, BadgeTone>>;
}

/**
 * A status or kind shown as its Arabic label in a coloured pill. Every resource shows its status
 * with this one component (the code is shown only when the list lacks it, so nothing is hidden).
 */
export function StatusBadge<C extends string>({ choices, value, tones }: StatusBadgeProps<C>) {
  const label = choices.find((choice) => choice.code === value)?.label ?? value;
  return <Badge tone={tones?.[value] ?? 'neutral'}>{label}</Badge>;
}
