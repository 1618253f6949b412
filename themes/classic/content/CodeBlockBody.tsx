import { useRef, useState } from 'react';
import type { IslandProps } from '../../../runtime/islands/Island.tsx';

const LABELS = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' } as const;

/** The code and its copy button (an island): copies exactly the code's text, the source. */
export function CodeBlockBody({ slots }: IslandProps<object>) {
  const body = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<keyof typeof LABELS>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(body.current?.querySelector('code')?.textContent ?? '');
      setState('copied');
    } catch (error) {
      console.error('Could not copy the code to the clipboard.', error);
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <div className="code-block__body" ref={body}>
      {slots[0]}
      <button type="button" className="code-block__copy" aria-label={state === 'idle' ? 'Copy code to clipboard' : LABELS[state]} title="Copy" onClick={() => void copy()}>
        {LABELS[state]}
      </button>
    </div>
  );
}

export default CodeBlockBody;
