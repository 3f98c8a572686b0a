/**
 * App-wide snackbars without prop drilling or Redux: any module calls `notify.success(msg)` or
 * `notify.error(msg)`; the one <Notifier/> mounted by the app providers shows them in order.
 */
export type NoticeSeverity = 'success' | 'error' | 'info' | 'warning';
export interface Notice {
  id: number;
  message: string;
  severity: NoticeSeverity;
}

type Listener = (queue: readonly Notice[]) => void;
let queue: Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish() {
  for (const l of listeners) l(queue);
}

function push(severity: NoticeSeverity, message: string) {
  // The same message twice in a row (e.g. two failing queries) is shown once.
  if (queue.at(-1)?.message === message) return;
  queue = [...queue, { id: nextId++, message, severity }];
  publish();
}

export const notify = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
  warning: (message: string) => push('warning', message),
};

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  listener(queue);
  return () => listeners.delete(listener);
}

export function dismissNotice(id: number) {
  queue = queue.filter((n) => n.id !== id);
  publish();
}
