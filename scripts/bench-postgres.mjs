// A throwaway PostgreSQL cluster made exactly as .ci/run makes one: initdb under /tmp, `runuser -u postgres` when
// root (initdb and postgres refuse to run as root), a random port, no durability (fsync off): only speed matters.
import { spawnSync } from 'node:child_process';
import { chownSync, chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './bench-server.mjs';

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, 'bin', 'postgres')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length > 0 ? path.join(base, versions.at(-1), 'bin') : undefined;
}

const root = process.getuid?.() === 0;

function asPostgres(command, args) {
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed (exit ${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Starts the cluster; undefined (and why) when PostgreSQL is not installed. */
export async function startPostgres() {
  const bin = postgresBin();
  if (!bin) return { skipped: 'PostgreSQL is not installed (/usr/lib/postgresql/*/bin/postgres)' };
  const workdir = mkdtempSync('/tmp/cornerstone-bench-pg.');
  chmodSync(workdir, 0o700);
  if (root) {
    const { uid, gid } = passwdEntry('postgres');
    chownSync(workdir, uid, gid);
  }
  const port = await freePort();
  const data = path.join(workdir, 'data');
  const stop = () => {
    if (existsSync(path.join(data, 'postmaster.pid'))) {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already stopped
      }
    }
    rmSync(workdir, { recursive: true, force: true });
  };
  try {
    asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    asPostgres(path.join(bin, 'pg_ctl'), [
      '-D', data, '-l', path.join(workdir, 'server.log'), '-w', '-t', '60',
      '-o', `-p ${port} -k ${workdir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
    const version = asPostgres(path.join(bin, 'postgres'), ['--version']).match(/\d+(\.\d+)?/)?.[0] ?? '';
    let n = 0;
    const createDatabase = () => {
      const name = `cornerstone_bench_${(n += 1)}`;
      asPostgres(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    };
    return { version, createDatabase, stop };
  } catch (error) {
    const log = path.join(workdir, 'server.log');
    if (existsSync(log)) console.error(readFileSync(log, 'utf8'));
    stop();
    throw error;
  }
}

function passwdEntry(name) {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`no ${name} user to run PostgreSQL as`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
