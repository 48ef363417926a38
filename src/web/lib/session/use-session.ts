import { useSyncExternalStore } from 'react';
import { anonymous, onSessionChange, readSession, type Session } from './session';

let lastCookie: string | null = null;
let lastSession: Session = anonymous;

function snapshot(): Session {
  const cookie = typeof document === 'undefined' ? '' : document.cookie;
  if (cookie !== lastCookie) {
    lastCookie = cookie;
    lastSession = readSession();
  }
  return lastSession;
}

/** The local session, re-read whenever login, refresh or logout changes the cookies. */
export function useSession(): Session {
  return useSyncExternalStore(onSessionChange, snapshot, () => anonymous);
}
