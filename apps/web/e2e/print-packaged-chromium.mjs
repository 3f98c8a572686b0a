// Prints the packaged Chromium's path (unpacking it first): `.ci/run` points CHROMIUM_PATH at it.
import { packagedChromium } from './find-browser.mjs';
console.log(await packagedChromium());
