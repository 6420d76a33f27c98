// Printed at the start of `npm test` so a CI log shows which Node ran the suite:
// the `node` dev dependency should make it the pinned current Node, not the system one.
const major = Number(process.versions.node.split('.')[0]);
console.log(`node ${process.version} (${process.execPath})`);
if (major < 22) {
  console.error(
    `guildcraft needs Node >= 22 but npm ran ${process.version}. ` +
      'Run `npm install` so the pinned `node` dev dependency is used, or install Node 22+.',
  );
  process.exit(1);
}
