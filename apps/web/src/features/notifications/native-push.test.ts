import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNativePush, type PushPlugin } from './native-push';

function fakePlugin(permission = 'prompt') {
  let onToken: ((t: { value: string }) => void) | null = null;
  const plugin: PushPlugin & { emit(v: string): void; asked: number; registered: number } = {
    asked: 0,
    registered: 0,
    async checkPermissions() {
      return { receive: permission };
    },
    async requestPermissions() {
      plugin.asked++;
      permission = 'granted';
      return { receive: permission };
    },
    async register() {
      plugin.registered++;
    },
    async addListener(_e, fn) {
      onToken = fn;
      return {};
    },
    emit(v) {
      onToken?.({ value: v });
    },
  };
  return plugin;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('native push', () => {
  it('does nothing on the web or Android', async () => {
    const plugin = fakePlugin();
    for (const platform of ['web', 'android']) {
      const push = createNativePush({ platform: () => platform, loadPlugin: async () => plugin, userId: () => 7, sendToken: vi.fn(), refreshBadge: vi.fn() });
      push.start();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(plugin.asked + plugin.registered).toBe(0);
  });

  it('on iOS asks permission 1 s after start, registers, and sends the token', async () => {
    const plugin = fakePlugin();
    const sendToken = vi.fn(async () => undefined);
    const push = createNativePush({ platform: () => 'ios', loadPlugin: async () => plugin, userId: () => 7, sendToken, refreshBadge: vi.fn() });
    push.start();
    push.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(plugin.asked).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(plugin.asked).toBe(1);
    expect(plugin.registered).toBe(1);
    plugin.emit('abc123');
    await vi.advanceTimersByTimeAsync(0);
    expect(sendToken).toHaveBeenCalledWith('abc123');
    expect(push.pendingToken).toBeNull();
  });

  it('holds a token that arrives before the user is known: retried after 3 s and on sign-in', async () => {
    const plugin = fakePlugin('granted');
    let user: number | null = null;
    const sendToken = vi.fn(async () => undefined);
    const push = createNativePush({ platform: () => 'ios', loadPlugin: async () => plugin, userId: () => user, sendToken, refreshBadge: vi.fn() });
    push.start();
    await vi.advanceTimersByTimeAsync(1_000);
    plugin.emit('tok');
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sendToken).not.toHaveBeenCalled();
    expect(push.pendingToken).toBe('tok');
    user = 42;
    push.signedIn();
    await vi.advanceTimersByTimeAsync(0);
    expect(sendToken).toHaveBeenCalledTimes(1);
    expect(push.pendingToken).toBeNull();
  });

  it('retries a failed send after 3 s', async () => {
    const plugin = fakePlugin('granted');
    const sendToken = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const push = createNativePush({ platform: () => 'ios', loadPlugin: async () => plugin, userId: () => 5, sendToken, refreshBadge: vi.fn() });
    push.start();
    await vi.advanceTimersByTimeAsync(1_000);
    plugin.emit('tok');
    await vi.advanceTimersByTimeAsync(0);
    expect(sendToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sendToken).toHaveBeenCalledTimes(2);
    expect(push.pendingToken).toBeNull();
  });

  it('on resume rechecks permission and refreshes the badge now and after 1 s', async () => {
    const plugin = fakePlugin('denied');
    const refreshBadge = vi.fn();
    const push = createNativePush({ platform: () => 'ios', loadPlugin: async () => plugin, userId: () => 5, sendToken: vi.fn(), refreshBadge });
    push.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(plugin.registered).toBe(0);
    // The user allowed notifications in iOS Settings, then came back.
    await plugin.requestPermissions();
    push.resumed();
    expect(refreshBadge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshBadge).toHaveBeenCalledTimes(2);
    expect(plugin.registered).toBe(1);
  });
});
