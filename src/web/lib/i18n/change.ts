import { isLocale, type Locale, PSEUDO_LOCALE } from '../../../contract/locales';
import { profileCalls } from '../../../contract/profile.calls';
import { api } from '../api';
import { readSession } from '../session/session';
import { activateLocale, currentLocale } from './catalogs';
import { writeLocaleCookie } from './choose';

/**
 * Speaks `locale` from now on: its catalogs are loaded (precached chunks, so offline too), the cookie remembers it
 * for this browser (the server reads it for the page and the API's words), and a signed-in user's profile keeps it
 * so their other devices, mails and notices follow. The save is best effort: offline, the language still changes
 * here and the next change online saves it.
 */
export async function changeLanguage(locale: Locale): Promise<void> {
  if (locale !== currentLocale()) await activateLocale(locale);
  writeLocaleCookie(locale);
  const session = readSession();
  if (!session.authenticated || !session.verified) {
    // Chosen before signing in (the login screen's menu): saved to the profile once signed in, not overridden.
    sessionStorage.setItem(CHOSEN_KEY, locale);
    return;
  }
  await saveLanguage(locale);
}

/** Where a language chosen while signed out waits for the sign-in (this tab only). */
const CHOSEN_KEY = 'portal-locale-chosen';

async function saveLanguage(locale: Locale): Promise<void> {
  try {
    await api.call(profileCalls.update, { body: { locale } });
  } catch {
    /* kept on this device (cookie); the profile catches up at the next change */
  }
}

/**
 * Follows a signed-in user's saved language (chosen on another device) once per user and page load: only when the
 * company offers it, so a language the company has since withdrawn never comes back.
 */
const followed = new Set<string>();
export async function followUserLocale(
  userId: string,
  saved: Locale | null | undefined,
  offered: readonly string[] | undefined,
): Promise<void> {
  if (followed.has(userId)) return;
  followed.add(userId);
  // The pseudo-locale (development) is never replaced.
  if (currentLocale() === PSEUDO_LOCALE) return;
  const chosen = sessionStorage.getItem(CHOSEN_KEY);
  if (chosen && chosen === currentLocale() && isLocale(chosen)) {
    // What the person just picked on the login screen wins over what the profile had, and becomes the profile's.
    sessionStorage.removeItem(CHOSEN_KEY);
    if (chosen !== saved) await saveLanguage(chosen);
    return;
  }
  if (!saved || saved === currentLocale() || (offered && !offered.includes(saved))) return;
  await activateLocale(saved);
  writeLocaleCookie(saved);
}
