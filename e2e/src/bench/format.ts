/** KB here is 1024 bytes (as webpack prints them). */
export function kb(bytes: number | null | undefined, digits = 1): string {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return 'n/a';
  return `${(bytes / 1024).toFixed(digits)} KB`;
}

export function ms(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  return `${value.toFixed(0)} ms`;
}

export function median(values: readonly number[]): number | null {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export type Align = 'left' | 'right';

/** A plain-text table; numbers are right-aligned when `align` says so. */
export function table(header: string[], rows: string[][], align: Align[] = []): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const pad = (cell: string, column: number) =>
    align[column] === 'right'
      ? cell.padStart(widths[column] ?? 0)
      : cell.padEnd(widths[column] ?? 0);
  const line = (cells: string[]) =>
    `  ${cells.map((cell, column) => pad(cell, column)).join('  ')}`.trimEnd();
  return [
    line(header),
    `  ${widths.map((width) => '─'.repeat(width)).join('  ')}`,
    ...rows.map(line),
  ].join('\n');
}

export function section(title: string): void {
  console.log(`\n━━ ${title} ${'━'.repeat(Math.max(0, 76 - title.length))}`);
}
