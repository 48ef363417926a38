// A Chromium that no test tool instruments: started by hand, spoken to over its DevTools pipe only at the browser
// (cookies, a new tab) and in that one tab (evaluate a line of script), never attached to its service workers.
// Playwright attaches a debugger to every worker it sees, and a worker with a debugger attached is kept alive by
// Chromium (it is never stopped when idle, and takes part in activation only when the browser asks it to end at once):
// this rig checks what a person's browser does, without that.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromiumPath } from './browser';

type Reply = { id?: number; result?: Record<string, unknown>; error?: { message: string } };

export class PlainChromium {
  private next = 1;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private buffer = '';
  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    const out = child.stdio[4] as Readable;
    out.setEncoding('utf8');
    out.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf('\0'); end >= 0; end = this.buffer.indexOf('\0')) {
        const reply = JSON.parse(this.buffer.slice(0, end)) as Reply;
        this.buffer = this.buffer.slice(end + 1);
        if (reply.id !== undefined) this.waiting.get(reply.id)?.(reply);
      }
    });
  }

  static launch(): PlainChromium {
    const profile = mkdtempSync(join(tmpdir(), 'portal-plain-chromium-'));
    const child = spawn(
      chromiumPath(),
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--remote-debugging-pipe',
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new PlainChromium(child, profile);
  }

  /** One DevTools command, at the browser (no session) or in a tab's session. */
  send(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<Record<string, unknown>> {
    const id = this.next++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method}: no reply`)), 30_000);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply.result ?? {});
      });
      (this.child.stdio[3] as Writable).write(`${message}\0`);
    });
  }

  /** Opens `url` in a new tab and returns a handle that evaluates script in it. */
  async open(url: string) {
    const { targetId } = (await this.send('Target.createTarget', { url: 'about:blank' })) as {
      targetId: string;
    };
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    // Counts the tab's document loads, for "reloaded once".
    await this.send('Page.enable', {}, sessionId);
    await this.send(
      'Page.addScriptToEvaluateOnNewDocument',
      {
        source: "sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') ?? 0) + 1));",
      },
      sessionId,
    );
    await this.send('Page.navigate', { url }, sessionId);
    const evaluate = async <T>(expression: string): Promise<T> => {
      const reply = (await this.send(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      )) as { result: { value: T }; exceptionDetails?: { text: string } };
      if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.text);
      return reply.result.value;
    };
    return { evaluate };
  }

  async close() {
    await this.send('Browser.close').catch(() => undefined);
    await new Promise<void>((done) => {
      if (this.child.exitCode !== null) done();
      else this.child.once('exit', () => done());
      setTimeout(() => {
        this.child.kill('SIGKILL');
        done();
      }, 5_000);
    });
    rmSync(this.profile, { recursive: true, force: true });
  }
}
