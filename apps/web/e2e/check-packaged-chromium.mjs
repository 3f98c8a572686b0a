// Starts the Chromium packaged in @sparticuz/chromium (unpacking it first) and loads a page: `.ci/run` runs this
// with the system's NSS libraries hidden, so the fallback a machine without Debian's chromium package gets stays
// tested. Prints the browser's version and the page's title.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, packagedChromium } from './find-browser.mjs';

const executablePath = await packagedChromium();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.setContent('<title>packaged Chromium works</title><p>ok</p>');
  console.log(`${executablePath}: ${browser.version()}, "${await page.title()}"${process.env.LD_LIBRARY_PATH ? ` (with the packaged libraries: ${process.env.LD_LIBRARY_PATH})` : ''}`);
} finally {
  await browser.close();
}
