/**
 * Dictation through the Web Speech API where the browser has it (Chrome and Safari on phones; not Firefox):
 * the words spoken so far, as they are recognised. Absent, `supported` is false and nothing is offered.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

interface RecognitionResultList {
  length: number;
  [index: number]: { 0: { transcript: string }; isFinal: boolean };
}
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((e: { resultIndex: number; results: RecognitionResultList }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionCtor = new () => Recognition;

function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const noSubscribe = () => () => {};

export interface SpeechInput {
  supported: boolean;
  listening: boolean;
  /** Why listening stopped early ("not-allowed" when the microphone was refused), else null. */
  error: string | null;
  start: () => void;
  stop: () => void;
}

/**
 * `onText` receives the whole transcript so far each time it grows (interim results included); `onFinal` the
 * transcript once the speaker stops, when there is one.
 */
export function useSpeechInput(onText: (text: string) => void, lang?: string, onFinal?: (text: string) => void): SpeechInput {
  // The server render (prerendered shell) and the first hydration say "not supported": no mismatch.
  const supported = useSyncExternalStore(noSubscribe, () => recognitionCtor() !== null, () => false);
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rec = useRef<Recognition | null>(null);
  const textRef = useRef(onText);
  textRef.current = onText;
  const finalRef = useRef(onFinal);
  finalRef.current = onFinal;
  const heard = useRef('');

  const stop = useCallback(() => rec.current?.stop(), []);
  const start = useCallback(() => {
    const Ctor = recognitionCtor();
    if (!Ctor || rec.current) return;
    const r = new Ctor();
    r.lang = lang ?? (typeof navigator !== 'undefined' ? navigator.language : 'en-US');
    r.interimResults = true;
    r.continuous = false;
    r.onresult = (e) => {
      let text = '';
      for (let i = 0; i < e.results.length; i++) text += e.results[i]![0].transcript;
      heard.current = text.trim();
      textRef.current(heard.current);
    };
    r.onerror = (e) => setError(e.error);
    r.onend = () => {
      rec.current = null;
      setListening(false);
      if (heard.current) finalRef.current?.(heard.current);
    };
    rec.current = r;
    heard.current = '';
    setError(null);
    setListening(true);
    try {
      r.start();
    } catch {
      rec.current = null;
      setListening(false);
      setError('start-failed');
    }
  }, [lang]);

  // Leaving the page ends the dictation without delivering it.
  useEffect(
    () => () => {
      const r = rec.current;
      if (!r) return;
      r.onend = r.onresult = r.onerror = null;
      r.abort();
    },
    [],
  );
  return { supported, listening, error, start, stop };
}
