/**
 * App-wide snackbars without prop drilling or Redux: any module calls `notify.success(msg)` or
 * `notify.error(msg)`; the one <Notifier/> mounted by the app providers shows the latest of them.
 * The latest message wins (issue 10 item 7): a queue left "Added Apple" on screen for seconds after
 * the apple was deleted, which is worse than dropping an older, already-outdated message.
 */
export type NoticeSeverity = 'success' | 'error' | 'info' | 'warning';
export interface NoticeAction {
  label: string;
  onClick: () => void;
}
export interface Notice {
  id: number;
  message: string;
  severity: NoticeSeverity;
  /** e.g. Undo after a delete; the notice stays longer when it has one. */
  action?: NoticeAction;
}

type Listener = (current: Notice | null) => void;
let current: Notice | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function publish() {
  for (const l of listeners) l(current);
}

function show(severity: NoticeSeverity, message: string, action?: NoticeAction) {
  // The same error again (e.g. two failing queries) keeps the notice on screen instead of flashing it.
  if (current && current.message === message && current.severity === severity && !action && !current.action) return;
  current = { id: nextId++, message, severity, action };
  publish();
}

export const notify = {
  success: (message: string, action?: NoticeAction) => show('success', message, action),
  error: (message: string) => show('error', message),
  info: (message: string, action?: NoticeAction) => show('info', message, action),
  warning: (message: string) => show('warning', message),
};

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}

export function dismissNotice(id: number) {
  if (current?.id !== id) return;
  current = null;
  publish();
}
