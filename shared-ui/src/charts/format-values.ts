import { readTypedNumber } from 'shared-contracts';
import { EMPTY_VALUE, formatCurrency, formatNumber } from '../format/format';
import type { ChartValueFormat } from './types';

/**
 * A value as the table and the tooltips show it, through the shared formatters. The original
 * value is passed (a decimal string stays a string), so what is shown is what the API sent.
 */
export function formatChartValue(
  value: number | string | null | undefined,
  format: ChartValueFormat = 'number',
  currency = 'SAR',
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  return format === 'currency' ? formatCurrency(value, currency) : formatNumber(value);
}

/** A value for drawing only: a number, or null (a gap) when it is blank or not a number. */
export function drawnValue(value: number | string | null | undefined): number | null {
  const read = readTypedNumber(value);
  return read.kind === 'number' ? read.value : null;
}
