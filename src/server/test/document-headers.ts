/** Helmet's headers that only a document obeys: sent with HTML, never with data, scripts or styles. */
export const DOCUMENT_ONLY_HEADERS = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'origin-agent-cluster',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
