import { type ReactNode, useEffect, useState } from 'react';

/**
 * Children drawn just after the screen's first paint, in a task of their own. A screen's first render runs as one
 * task (its data came with the page, so nothing splits it), and a phone's CPU takes hundreds of milliseconds over a
 * whole dashboard: what sits below a phone's fold goes here, so the part a person sees first is painted sooner and
 * the browser can answer input between the two. (Not a transition: the query and router stores' updates interrupt
 * one and restart it, and a transition rendered that way came seconds later.) Nothing above it moves when it
 * arrives: it is drawn below what is already there.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // After the next frame is painted: a timeout queued from inside the frame callback runs after that paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return shown ? children : null;
}
