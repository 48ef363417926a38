// Lists the tests that passed only on a retry, so `npm test`'s last lines name them: a retried journey is a flake
// to fix, never something to hide behind the retry.
import { appendFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const d = test.diagnostic();
    const file = process.env.TEST_RETRIED_FILE;
    if (!d || d.retryCount === 0 || !file) return;
    const state = test.result().state;
    appendFileSync(
      file,
      `${test.module.relativeModuleId} > ${test.fullName} (${state} after ${d.retryCount} retries)\n`,
    );
  }
}
