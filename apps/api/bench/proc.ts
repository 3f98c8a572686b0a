/** Small process helpers the benches share (load, fairness, search). */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A loopback port free at the moment of asking. */
export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; 0 elsewhere): on a shared machine, CPU per request is steadier than req/s. */
export function cpuOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}
