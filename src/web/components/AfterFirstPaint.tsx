import { type ReactNode, useEffect, useState } from 'react';

/** Resolves once the next frame has been painted: a timeout queued from inside the frame callback runs after it. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The reveals waiting their turn, one at a time: each waits for the frame after the one before it, so each part is
 * drawn in a task of its own (two revealed in the same frame would be rendered together, in one long task).
 */
let turns: Promise<void> = Promise.resolve();

/**
 * Children drawn just after the screen's first paint, in a task of their own. A screen's first render runs as one
 * task (its data came with the page, so nothing splits it), and a phone's CPU takes hundreds of milliseconds over a
 * whole dashboard: what sits below a phone's fold goes here, so the part a person sees first is painted sooner and
 * the browser can answer input between the parts. Several on a screen are drawn one after the other, in the order
 * they were mounted (top first), a frame apart. (Not a transition: the query and router stores' updates interrupt
 * one and restart it, and a transition rendered that way came seconds later.) Nothing above one moves when it
 * arrives: it is drawn below what is already there.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let gone = false;
    let done = () => {};
    const before = turns;
    turns = new Promise<void>((resolve) => {
      done = resolve;
    });
    void before.then(async () => {
      if (!gone) await afterNextPaint();
      if (!gone) setShown(true);
      done();
    });
    return () => {
      // Unmounted before or during its turn: the next one need not wait for it.
      gone = true;
      done();
    };
  }, []);
  return shown ? children : null;
}
