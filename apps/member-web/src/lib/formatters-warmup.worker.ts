/** The locales to make formatters of, and the time zone of the dates (formatters-warmup.ts). */
export interface WarmUp {
  locales: string[];
  timeZone: string;
}

// One formatter of each kind the app makes (the catalogue's plurals and numbers, pesos, dates on the site's
// clock) per locale; then says it is done.
addEventListener('message', (event: MessageEvent<WarmUp>) => {
  const { locales, timeZone } = event.data;
  for (const locale of locales) {
    new Intl.PluralRules(locale).select(1);
    new Intl.NumberFormat(locale).format(1);
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'PHP' }).format(1);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(0);
  }
  postMessage('done');
});
