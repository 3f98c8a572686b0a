import lockfile from 'proper-lockfile';

export class DataFolderLockedError extends Error {
  constructor(dir: string) {
    super(
      `The database folder ${dir} is in use by another process (is the server running?). ` +
        'Only one process may open an embedded database at a time: stop the server first, ' +
        'or point DATABASE_URL at a PostgreSQL server to share it.',
    );
    this.name = 'DataFolderLockedError';
  }
}

/** Only one process may open a PGlite folder; a second one would corrupt it. */
export async function lockDataFolder(dir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, { stale: 15_000, update: 5_000, lockfilePath: `${dir}.lock` });
  } catch (err: any) {
    if (err?.code === 'ELOCKED') throw new DataFolderLockedError(dir);
    throw err;
  }
}
