/** Script-injection payloads for every text field (the XSS tests of the browser and of the rendered pages). */
export const PAYLOADS = [
  `<script>alert('xss-script')</script>`,
  `<img src=x onerror=alert('xss-img')>`,
  `"><svg onload=alert('xss-svg')>`,
  `'><iframe src="javascript:alert('xss-iframe')"></iframe>`,
  `<a href="javascript:alert('xss-a')">click me</a>`,
  `[markdown link](javascript:alert('xss-md-link'))`,
  `![markdown image](x" onerror="alert('xss-md-img'))`,
  `<details open ontoggle=alert('xss-details')>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert('xss-mxss')>`,
  `<style>@import "javascript:alert('xss-style')";</style>`,
  `javascript:alert('xss-proto')`,
  `{{constructor.constructor('alert("xss-template")')()}}`,
  `[[video:javascript:alert('xss-video')]]`,
  `[[video:https://www.youtube.com/watch?v=a"onload="alert('xss-video-attr')]]`,
  `<object data="javascript:alert('xss-object')"></object>`,
  `<input autofocus onfocus=alert('xss-focus')>`,
  `</textarea><script>alert('xss-textarea')</script>`,
  `</title><script>alert('xss-title')</script>`,
  `"><meta http-equiv="refresh" content="0;url=javascript:alert('xss-meta')">`,
  `<body onload=alert('xss-body')>`,
];
/** For fields of 10 to 20 characters. */
export const SHORT = [`<SCRIPT>`, `"><B>`, `<svg/onload=alert(1)`];
