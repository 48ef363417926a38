// Lists the tests that passed only on a retry, so `npm test`'s last lines name them: a retried journey is a flake
// to fix, never something to hide behind the retry.
import { appendFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const d = test.diagnostic();
    const file = process.env.TEST_RETRIED_FILE;
    if (!d || d.retryCount === 0 || !file) return;
    const result = test.result();
    // A retried test keeps the errors of the attempts that failed: the first says what flaked.
    const first = result.errors?.[0]?.message?.split('\n')[0]?.slice(0, 300) ?? '';
    appendFileSync(
      file,
      `${test.module.relativeModuleId} > ${test.fullName} (${result.state} after ${d.retryCount} retries)\n    ${first}\n`,
    );
  }
}
