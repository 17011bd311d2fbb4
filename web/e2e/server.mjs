// Starts and stops `bellwether serve` for the end-to-end run.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer({ binary, port, db, staticDir }) {
  const child = spawn(
    binary,
    [
      'serve',
      '--port',
      String(port),
      '--db',
      db,
      '--static',
      staticDir,
      '--sync',
      'normal',
      // the whole run comes from 127.0.0.1: the per-client limits are the server tests' business
      '--tables-per-minute',
      '100000',
      '--open-tables-per-client',
      '100000',
      '--connections-per-client',
      '10000',
      // the balance lab (scenarios/lab.mjs); a job stops after 10 CPU seconds, so that its slow
      // job shows the cap's message soon and leaves the analysis threads to the rest of the run
      '--lab',
      '--lab-max-seconds',
      '10',
      // The bots of the other scenarios' tables keep this server "busy", where analyses and lab jobs
      // drop to a twentieth of a core (docs/analysis.md): the lab's 10 CPU seconds would then take
      // minutes beside CI's sanitizer build. The pacing is the server tests' business; here the
      // analyses keep the quiet share, as before the busy share existed.
      '--analysis-cpu-share-busy',
      '0.25',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (d) => {
    log += d;
  });
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api`)).ok) return { child, log: () => log };
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${log}`);
}

export async function stopServer(server, signal = 'SIGTERM') {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  await exited;
}
