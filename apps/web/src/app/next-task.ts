/**
 * Ends the current task; what follows runs in a new one. On a phone every task over 50 ms blocks taps and
 * counts as blocking time (issue 9): evaluating the app's modules (MUI's theme, the store), starting the
 * page's lazy code (which appends its preload links) and rendering were one task of ~570 ms under a 4×
 * slower CPU (bench/profile.mjs).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
