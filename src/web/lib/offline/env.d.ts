// Set by vite.config.ts (`define`) for the app and the service worker alike.
interface ImportMetaEnv {
  /** The id of the running build (also in /build.json of that build). */
  readonly VITE_BUILD_ID: string;
  /** When the running build was made (ISO 8601). */
  readonly VITE_BUILT_AT: string;
}
