import { DEFAULT_LOG_LEVEL } from '@app/contracts/constants';

const LEVELS = { ERROR: 0, WARN: 1, INFO: 2, DEBUG: 3 } as const;
export type LogLevel = keyof typeof LEVELS;

/** Spec §9: ERROR by default; `localStorage.logLevel` (ERROR, WARN, INFO, DEBUG) turns more on when debugging. */
export function currentLogLevel(): LogLevel {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('logLevel');
  } catch {
    /* storage unavailable */
  }
  const upper = stored?.toUpperCase();
  return upper && upper in LEVELS ? (upper as LogLevel) : (DEFAULT_LOG_LEVEL as LogLevel);
}

function emit(level: LogLevel, args: unknown[]) {
  if (LEVELS[level] > LEVELS[currentLogLevel()]) return;
  const fn = level === 'ERROR' ? console.error : level === 'WARN' ? console.warn : level === 'INFO' ? console.info : console.debug;
  fn(`[${level}]`, ...args);
}

export const logger = {
  error: (...args: unknown[]) => emit('ERROR', args),
  warn: (...args: unknown[]) => emit('WARN', args),
  info: (...args: unknown[]) => emit('INFO', args),
  debug: (...args: unknown[]) => emit('DEBUG', args),
};
