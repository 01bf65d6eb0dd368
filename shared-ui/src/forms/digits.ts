import type { ChangeEvent } from 'react';
import { normaliseDigits } from 'shared-contracts';

/**
 * Rewrites Arabic-Indic digits typed or pasted into an input as ASCII before the caller's
 * onChange sees the event (react-hook-form reads `event.target.value`). Each digit maps to one
 * character, so the caret position is unchanged and restored as it was.
 */
export function normaliseInputDigits(
  event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>,
): void {
  const target = event.target;
  const next = normaliseDigits(target.value);
  if (next === target.value) return;
  const { selectionStart, selectionEnd } = target;
  target.value = next;
  try {
    if (selectionStart !== null && selectionEnd !== null)
      target.setSelectionRange(selectionStart, selectionEnd);
  } catch {
    // Some input types (number, date) do not support selection; nothing to restore there.
  }
}

/** An onChange that normalises the digits first when asked to, then calls the caller's. */
export function withDigitNormalising<E extends HTMLInputElement | HTMLTextAreaElement>(
  normalise: boolean | undefined,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
): (event: ChangeEvent<E>) => void {
  return (event) => {
    if (normalise) normaliseInputDigits(event);
    onChange?.(event);
  };
}
