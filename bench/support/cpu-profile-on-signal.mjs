/**
 * A preload (`NODE_OPTIONS=--import=<this file>`, with `CPU_PROFILE_DIR` set) that CPU-profiles a process
 * between two SIGWINCH signals (ignored by default, and not one of the signals the portal shuts down on, as
 * close-with-grace does on SIGUSR2): the first starts V8's profiler, the second writes
 * `CPU_PROFILE_DIR/<pid>-<n>.cpuprofile` (open it in Chrome's DevTools, Performance panel). A bench sends them
 * around its measured load, so the profile holds that load only, not the start-up (migrations, seeding); Node 20
 * refuses `--cpu-prof` in NODE_OPTIONS, and a process started through a shell script has no other way to get it.
 */
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let written = 0;
  process.on('SIGWINCH', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) {
        process.stderr.write(`cpu profile: ${error.message}\n`);
        return;
      }
      written += 1;
      writeFileSync(join(dir, `${process.pid}-${written}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
