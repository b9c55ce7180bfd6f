/** The address if it is http(s), else null (a task link must never open javascript: or data: URLs). */
export function webUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Opens the site in a new tab that gets no handle on this page, as `noopener` would, and returns the tab
 * (null when the browser's popup blocker refused it). A blank tab is opened first and pointed at the site
 * after its opener is cut, because window.open with 'noopener' always returns null and so cannot tell an
 * opened tab from a refused one. Called in a click handler, before any await, it counts as the member's
 * own gesture and is not blocked.
 */
export function openInNewTab(url: string): Window | null {
  const tab = window.open('about:blank', '_blank');
  if (!tab) return null;
  tab.opener = null;
  tab.location.href = url;
  return tab;
}
