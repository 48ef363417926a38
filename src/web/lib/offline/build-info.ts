/** The build this page runs. Kept apart from build-version.ts so the entry chunk carries only these bytes. */
export interface BuildInfo {
  buildId: string;
  /** ISO 8601. */
  builtAt: string;
}

/** Injected at build time (vite.config.ts `define`); 'dev' under the dev server. */
export const currentBuild: BuildInfo = {
  buildId: import.meta.env.VITE_BUILD_ID ?? 'dev',
  builtAt: import.meta.env.VITE_BUILT_AT ?? '',
};
