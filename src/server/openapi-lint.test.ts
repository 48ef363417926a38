import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

/**
 * The served OpenAPI document, as outside tools read it: Redocly's `recommended` rules (the maintained lint engine,
 * run here rather than through its CLI) find no error in it. Warnings are printed, not failed: each is a choice the
 * document may make (it names no licence, say).
 */
describe('the OpenAPI document passes a linter’s recommended rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no error under Redocly’s recommended rules', async () => {
    const res = await t.request({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    const named = (list: typeof problems) =>
      list.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    console.log(`OpenAPI lint (Redocly recommended): ${errors.length} errors, ${warnings.length} warnings`);
    if (warnings.length > 0) console.log(named(warnings).join('\n'));
    expect(named(errors)).toEqual([]);
  });
});
