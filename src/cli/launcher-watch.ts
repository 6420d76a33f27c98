/**
 * `npx guildcraft …` runs this process as npm → `sh -c` → node. A SIGTERM to npm ends the shell but
 * is not passed on to us, which left `guildcraft serve` running, orphaned, still answering. So when
 * npm launched us and our parent goes away, we stop as if we had been sent SIGTERM: each command's
 * own SIGTERM handling (close servers, stop workers, flush logs) runs, or the default ends the process.
 * Only under npm: someone who starts guildcraft with nohup from a shell expects it to outlive the shell.
 */
const CHECK_EVERY_MS = 500;

export function stopWhenLauncherDies(env: NodeJS.ProcessEnv = process.env): void {
  if (env.npm_command !== 'exec' && env.npm_command !== 'run-script') return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, CHECK_EVERY_MS);
  timer.unref();
}
