import { BRAND_NAME } from '../layout/links';

/**
 * The browser tab's title for the page on screen ('Payouts · PesoTasks'). React 19 puts a rendered
 * <title> in the document head ahead of index.html's, and takes it away with the page, so the page that
 * shows its heading names the tab too.
 */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${BRAND_NAME}`}</title>;
}
