// Makes the embedded database's template for this code (src/server/db/pglite-template.ts) when there is none:
// `npm start` runs it beside the PWA's first build, so the first start already copies it instead of running initdb.
import { migrationsFolder } from '../src/server/db';
import { templateCacheDir, templateFor } from '../src/server/db/pglite-template';
import { JOBS_TEMPLATE } from '../src/server/jobs/template';

const cache = templateCacheDir();
if (cache) await templateFor(cache, migrationsFolder, JOBS_TEMPLATE);
