// `npm run backup [-- --out <dir>]`: one archive, `<dir>/mingle-backup-<UTC time>.tar` (./backups by default), holding
// the database (pg_dump's custom format with DATABASE_URL, else the embedded PGlite's own dump of DATA_DIR/pglite)
// and what DATA_DIR keeps beside it (local uploads, the generated auth secret and VAPID keys). It is written under a
// temporary name and renamed when complete, so a backup file that exists is whole. Restore it with restore.mjs.
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as tar from 'tar';
import {
  ARCHIVE_FORMAT,
  BackupError,
  holdPgliteDir,
  isNonEmptyDir,
  openPglite,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  presentDataEntries,
  run,
  serverMajor,
  target,
  toolMajor,
  runTool,
} from './backup-kit.mjs';

await run(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string', default: './backups' } } });
  const { dataDir, pgliteDir, databaseUrl } = target();
  const outDir = path.resolve(values.out);
  mkdirSync(outDir, { recursive: true });
  const name = `mingle-backup-${new Date().toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.tar`;
  const staging = mkdtempSync(path.join(outDir, '.mingle-backup-'));
  const partial = path.join(outDir, `.${name}.partial`);
  try {
    const databaseFile = databaseUrl ? await dumpPostgres(databaseUrl, staging) : await dumpPglite(pgliteDir, staging);
    const dataEntries = presentDataEntries(dataDir);
    const manifest = { format: ARCHIVE_FORMAT, createdAt: new Date().toISOString(), database: databaseUrl ? 'postgres' : 'pglite', data: dataEntries };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Not compressed: the dumps are compressed already, and so are the uploads (WebP, PNG, MP4, WebM).
    await tar.create({ file: partial, cwd: staging, portable: true }, ['manifest.json', databaseFile]);
    if (dataEntries.length) await tar.replace({ file: partial, cwd: dataDir, prefix: 'data', portable: true }, dataEntries);
    // Password hashes, sessions and secrets: readable by the operator alone, as the server's own secret files are.
    chmodSync(partial, 0o600);
    renameSync(partial, path.join(outDir, name));
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
  if (process.env.S3_BUCKET) console.log(`Uploads are in the S3 bucket ${process.env.S3_BUCKET}: back it up with your provider's tools.`);
  console.log(`Backup written: ${path.join(outDir, name)}`);
});

async function dumpPostgres(url, staging) {
  const client = toolMajor('pg_dump');
  const server = await serverMajor(url);
  if (client < server) {
    throw new BackupError(
      `pg_dump is version ${client} but the server runs PostgreSQL ${server}, and pg_dump cannot dump a newer server: ` +
        `install the PostgreSQL ${server} client (Debian: apt-get install postgresql-client-${server}) and put it first on PATH.`,
    );
  }
  runTool('pg_dump', ['--format=custom', `--file=${path.join(staging, POSTGRES_DUMP)}`, `--dbname=${url}`]);
  return POSTGRES_DUMP;
}

async function dumpPglite(pgliteDir, staging) {
  if (!isNonEmptyDir(pgliteDir)) throw new BackupError(`there is no embedded database in ${pgliteDir} (DATA_DIR, or set DATABASE_URL).`);
  const release = holdPgliteDir(pgliteDir);
  try {
    const database = await openPglite(pgliteDir);
    const dump = await database.dumpDataDir('gzip');
    await database.close();
    writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
  } finally {
    release();
  }
  return PGLITE_DUMP;
}
