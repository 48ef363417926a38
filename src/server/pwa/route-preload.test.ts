import { describe, expect, it } from 'vitest';
import { type BuiltChunk, filesForPath, routePattern, routePreloadMap } from './route-preload';

const R = '/app/src/web/routes';
const chunk = (fileName: string, over: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  facadeModuleId: null,
  isEntry: false,
  imports: [],
  css: [],
  ...over,
});

describe('route preload', () => {
  it('turns route files into URL patterns as the file router does', () => {
    expect(routePattern('_app/user/index.tsx')).toBe('/user');
    expect(routePattern('_app/admin/invoice/edit.$id.tsx')).toBe('/admin/invoice/edit/$id');
    expect(routePattern('_blank/verification/$id.tsx')).toBe('/verification/$id');
    expect(routePattern('_app.tsx')).toBe('/');
  });

  it("names a page's chunks and its layout's, without what the entry loads, static routes before params", () => {
    const chunks = [
      chunk('assets/index.js', { isEntry: true, imports: ['assets/vendor.js'] }),
      chunk('assets/vendor.js'),
      chunk('assets/ui.js', { css: ['assets/ui.css'] }),
      chunk('assets/_app.js', {
        facadeModuleId: `${R}/_app.tsx?tsr-split=component`,
        imports: ['assets/ui.js'],
      }),
      chunk('assets/detail.js', {
        facadeModuleId: `${R}/_app/user/packages/$id.tsx?tsr-split=component`,
        imports: ['assets/vendor.js', 'assets/ui.js', 'assets/status.js'],
      }),
      chunk('assets/status.js'),
      chunk('assets/estimator.js', {
        facadeModuleId: `${R}/_app/user/packages/cost-estimator.tsx?tsr-split=component`,
      }),
    ];
    const map = routePreloadMap(chunks, R);
    expect(map.routes.find((r) => r.file === '_app.tsx')?.leaf).toBe(false);
    expect(filesForPath(map, '/user/packages/8f1c')).toEqual([
      '/assets/_app.js',
      '/assets/ui.js',
      '/assets/ui.css',
      '/assets/detail.js',
      '/assets/status.js',
    ]);
    expect(filesForPath(map, '/user/packages/cost-estimator')).toEqual([
      '/assets/_app.js',
      '/assets/ui.js',
      '/assets/ui.css',
      '/assets/estimator.js',
    ]);
    expect(filesForPath(map, '/nowhere/at/all')).toEqual([]);
    expect(filesForPath(map, '/user/packages/%E0%A4%A')).toEqual([]);
  });
});
