import { type FileOutput, formatDate } from '@app/contracts';

/**
 * One CSV line (RFC 4180). Text cells that a spreadsheet would run as a formula (=, +, -, @ first) get a
 * leading apostrophe; numbers are written as they are, a signed amount too ('+1.20', '-150.00': a
 * spreadsheet reads either as the number), so the statement's signs are the history screen's.
 */
export function csvLine(cells: ReadonlyArray<string | number>): string {
  return cells
    .map((cell) => {
      if (typeof cell === 'number') return String(cell);
      const safe = /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
      return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',');
}

function csvDocument(header: string[], rows: Array<ReadonlyArray<string | number>>): string {
  return `${[csvLine(header), ...rows.map(csvLine)].join('\r\n')}\r\n`;
}

/** One line of a statement as both statements (the member's, the operator's) start it. */
export interface StatementLine {
  at: Date;
  id: string;
  type: string;
  description: string;
  status: string;
}

/** The cells a statement row starts with: its date in the reader's time zone, its UTC time, then what the line is. */
export function statementCells(line: StatementLine, timeZone: string): string[] {
  return [formatDate(line.at, timeZone), line.at.toISOString(), line.id, line.type, line.description, line.status];
}

/** A statement download: `<name>-<UTC date>.csv` with the header and rows given. */
export function csvStatement(name: string, now: Date, header: string[], rows: Array<ReadonlyArray<string | number>>): FileOutput {
  const day = now.toISOString().slice(0, 10);
  return { filename: `${name}-${day}.csv`, contentType: 'text/csv; charset=utf-8', body: csvDocument(header, rows) };
}
