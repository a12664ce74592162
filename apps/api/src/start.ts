import { spawnSync } from 'node:child_process';
import { readConfigOrExit, repositoryRoot } from './config';
import { describeRunningPrumo, findRunningPrumo } from './data-directory';
import { decideWebBuild, recordBuildTime } from './web-build';

// `npm start`: build the web app when it needs it, then run the server.
const config = readConfigOrExit();
const holder = config.databaseUrl ? null : await findRunningPrumo(config.dataDir);
if (holder) {
  // Said before building: the build would delete the files the running Prumo serves.
  console.error(describeRunningPrumo(config.dataDir, holder));
  process.exit(1);
}
const decision = await decideWebBuild(repositoryRoot, config.webDistDir);
if (decision.action === 'build') {
  const startedAt = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  await recordBuildTime(config.webDistDir, startedAt);
} else if (decision.reason === 'current') {
  console.log('The web app is built and up to date.');
} else {
  console.log(
    `The web app's sources changed, but Prumo (PID ${decision.pids.join(', ')}) serves the current build: not rebuilding under it. Stop it and start again to rebuild.`,
  );
}
await import('./server');
