// `npm run backup [-- FILE] [--data-dir DIR]`: one file with the embedded database and the stored files (see
// src/server/backup/cli.ts and the README's "Backups").
import { backupCommand } from '../src/server/backup/cli';

process.exit(await backupCommand(process.argv.slice(2)));
