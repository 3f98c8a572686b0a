export * from './split.js';
export * from './amount-words.js';
export * from './units.js';
export * from './portion.js';
