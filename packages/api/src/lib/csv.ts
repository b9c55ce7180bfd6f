/**
 * One CSV line (RFC 4180). Text cells that a spreadsheet would run as a formula (=, +, -, @ first) get a
 * leading apostrophe; numbers are written as they are.
 */
export function csvLine(cells: ReadonlyArray<string | number>): string {
  return cells
    .map((cell) => {
      if (typeof cell === 'number') return String(cell);
      const safe = /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
      return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',');
}

export function csvDocument(header: string[], rows: Array<ReadonlyArray<string | number>>): string {
  return `${[csvLine(header), ...rows.map(csvLine)].join('\r\n')}\r\n`;
}
