import { formatDate, formatTimeOfDay } from '@app/contracts';

const TIME_BELOW = {
  always: { separator: 'sr-only', time: 'block' },
  phone: { separator: 'max-sm:sr-only', time: 'max-sm:block' },
} as const;

/**
 * A moment as "Nov 28, 2026, 2:05 PM" on the product's clock, with the time on a line of its own: always
 * (a narrow table column, which would otherwise break the text anywhere), or below the sm breakpoint only.
 * The comma is still read out where it is not shown.
 */
interface DateAndTimeProps {
  iso: string;
  timeBelow: keyof typeof TIME_BELOW;
  /** The day as the reader's language writes it (docs/architecture.md#two-languages); English by default. */
  formatDay?: (iso: string) => string;
}

export function DateAndTime({ iso, timeBelow, formatDay = formatDate }: DateAndTimeProps) {
  const classes = TIME_BELOW[timeBelow];
  return (
    <time dateTime={iso}>
      {formatDay(iso)}
      <span className={classes.separator}>, </span>
      <span className={classes.time}>{formatTimeOfDay(iso)}</span>
    </time>
  );
}
