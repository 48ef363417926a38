import { transformAsync } from '@babel/core';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';

/**
 * Lingui's macros (`Trans`, `t`, `msg`, `plural`) compiled into message descriptors when the PWA is built or
 * tested, with Lingui's own Babel plugin, only in files that import a macro. (The plugin's native transform needs
 * @lingui/native-tools, whose binary npm leaves out when it installs with the machine's older Node.)
 * In a production build the descriptors keep only the message id: the words come from the catalogs. The service
 * worker loads no catalog: its build keeps the English words (`keepMessages`, see src/web/lib/i18n/worker.ts).
 */
export function linguiMacros(opts: { keepMessages?: boolean } = {}): Plugin {
  const config = getConfig();
  const packages = [...config.macro.corePackage, ...config.macro.jsxPackage];
  const importsMacro = new RegExp(
    `from ['"](?:${packages.map((p) => p.replace(/[/.]/g, '\\$&')).join('|')})['"]`,
  );
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.replace(/\?.*$/, '')) || id.includes('/node_modules/')) return null;
      if (!importsMacro.test(code)) return null;
      // Read per call (not from configResolved, which the service worker's own build does not run).
      const production = process.env.NODE_ENV === 'production';
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [
          [
            '@lingui/babel-plugin-lingui-macro',
            { descriptorFields: production && !opts.keepMessages ? 'id-only' : 'all', linguiConfig: config },
          ],
        ],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
