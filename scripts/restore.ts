// `npm run restore -- FILE [--data-dir DIR] [--force]`: a backup back into a data folder no server is using (see
// src/server/backup/cli.ts and the README's "Backups").
import { restoreCommand } from '../src/server/backup/cli';

process.exit(await restoreCommand(process.argv.slice(2)));
