'use strict';
// prima's entry to the Playwright driver. playwright-go runs the driver's
// `cli.js --version` before every start, which loads all of Playwright only
// to print a version prima has already read from the driver's package.json:
// this entry answers that from the same file, and runs cli.js for anything
// else (PRIMA_DRIVER_CLI names it).
//
// playwright-go starts only the driver of its own release (it looks for
// its version in that answer). prima's second driver, of the next minor, is
// proven to speak that release's protocol to playwright-go (the attach
// matrix); prima starts it with PRIMA_DRIVER_SPEAKS naming the release
// playwright-go wants, and the answer names both, the real version first.
const cli = process.env.PRIMA_DRIVER_CLI;
if (!cli) {
  console.error('PRIMA_DRIVER_CLI is not set: it names the driver cli.js this entry runs');
  process.exit(2);
}
if (process.argv.length === 3 && process.argv[2] === '--version') {
  const path = require('path');
  const version = require(path.join(path.dirname(cli), 'package.json')).version;
  const speaks = process.env.PRIMA_DRIVER_SPEAKS;
  console.log('Version ' + version + (speaks && speaks !== version ? ' (speaks ' + speaks + ' to its client)' : ''));
} else {
  require(cli);
}
