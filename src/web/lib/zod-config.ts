// No `new Function` in the browser: zod probes once for eval, and under the server's CSP (script-src 'self') the
// probe is reported as a violation (Lighthouse: "Issues were logged"), although zod catches it and falls back.
// `jitless` skips the probe. zod reads its global config from globalThis.__zod_globalConfig (shared by every copy
// of zod); setting it here, before any zod module loads, keeps zod out of the entry chunk (importing zod's
// `config` would add 3.6 kB gzip to it). Imported first by main.tsx; tests/e2e/a11y.e2e.ts fails on any CSP report.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
