import { describe, expect, it } from 'vitest';
import { sanitizePopupHtml } from '../src/popups/service';

/** What must never survive in saved popup HTML, whatever the spelling. */
const DANGEROUS = [
  /<script/i,
  /<\/script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<iframe/i,
  /<svg/i,
  /<object/i,
  /<embed/i,
  /<style/i,
  /style\s*=/i,
  /expression\s*\(/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /<link/i,
];

/** Classic XSS vectors (OWASP filter evasion cheat sheet and friends). */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img """><script>alert(1)</script>">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\nscript:alert(1)">click</a>',
  '<a href="&#x6A;avascript:alert(1)">click</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="https://example.com" onmouseover="alert(1)">hover</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p STYLE="behavior: url(xss.htc);">x</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<div onclick="alert(1)">x</div>',
  '"><img src=x onerror=alert(1)>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<p title="</p><img src=x onerror=alert(1)>">x</p>',
];

describe('popup HTML', () => {
  it.each(VECTORS)('neutralises %s', (vector) => {
    const clean = sanitizePopupHtml(vector);
    for (const pattern of DANGEROUS) expect(clean, `${pattern} in ${clean}`).not.toMatch(pattern);
  });

  it('keeps basic formatting, lists, safe links and images', () => {
    const html =
      '<h2>Big news</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u><br />line</p>' +
      '<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Quote</blockquote><hr />' +
      '<p><a href="https://example.com/a" title="A">web</a> <a href="mailto:help@example.com">mail</a></p>' +
      '<img src="https://example.com/i.png" alt="banner" width="300" height="100" />';
    expect(sanitizePopupHtml(html)).toBe(
      '<h2>Big news</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u><br />line</p>' +
        '<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Quote</blockquote><hr />' +
        '<p><a href="https://example.com/a" title="A" target="_blank" rel="noopener noreferrer">web</a> ' +
        '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">mail</a></p>' +
        '<img src="https://example.com/i.png" alt="banner" width="300" height="100" />',
    );
  });

  it('sets its own target and rel on every link, whatever the author wrote', () => {
    expect(sanitizePopupHtml('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops links and images that are not http(s) (or mailto for links), keeping their text', () => {
    expect(sanitizePopupHtml('<a href="/tasks">relative</a>')).toBe('<a target="_blank" rel="noopener noreferrer">relative</a>');
    expect(sanitizePopupHtml('<img src="mailto:a@example.com" alt="x" />')).toBe('<img alt="x" />');
  });
});
