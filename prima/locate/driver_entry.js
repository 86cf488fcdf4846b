'use strict';
// prima's entry to the Playwright driver. playwright-go runs the driver's
// `cli.js --version` before every start, which loads all of Playwright only
// to print a version prima has already read from the driver's package.json:
// this entry answers that from the same file, and runs cli.js for anything
// else (PRIMA_DRIVER_CLI names it).
const cli = process.env.PRIMA_DRIVER_CLI;
if (!cli) {
  console.error('PRIMA_DRIVER_CLI is not set: it names the driver cli.js this entry runs');
  process.exit(2);
}
if (process.argv.length === 3 && process.argv[2] === '--version') {
  const path = require('path');
  console.log('Version ' + require(path.join(path.dirname(cli), 'package.json')).version);
} else {
  require(cli);
}
