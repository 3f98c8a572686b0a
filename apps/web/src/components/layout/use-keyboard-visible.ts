import { useEffect, useState } from 'react';
import { isNative } from '../../lib/platform';

/** The on-screen keyboard takes at least this much of the layout viewport when it is open. */
const KEYBOARD_MIN_PX = 150;

/**
 * Whether the on-screen keyboard is open (spec §2 hides the bottom bar then): Capacitor Keyboard
 * events in the native apps, a visualViewport-shrink heuristic in mobile browsers.
 */
export function useKeyboardVisible(): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (isNative()) {
      let cancelled = false;
      const handles: { remove: () => Promise<void> }[] = [];
      void import('@capacitor/keyboard').then(async ({ Keyboard }) => {
        const show = await Keyboard.addListener('keyboardWillShow', () => setVisible(true));
        const hide = await Keyboard.addListener('keyboardWillHide', () => setVisible(false));
        if (cancelled) void Promise.all([show.remove(), hide.remove()]);
        else handles.push(show, hide);
      });
      return () => {
        cancelled = true;
        for (const h of handles) void h.remove();
      };
    }
    const vv = window.visualViewport;
    if (!vv) return;
    const check = () => setVisible(window.innerHeight - vv.height > KEYBOARD_MIN_PX);
    vv.addEventListener('resize', check);
    return () => vv.removeEventListener('resize', check);
  }, []);
  return visible;
}
