import { useCallback, useState } from 'react';

const MUTED_KEY = 'achar.admin.newOrderSoundMuted';

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTED_KEY) === 'true';
  } catch {
    return false; // storage blocked (private mode): sound stays on, the choice just is not remembered
  }
}

export interface NewOrderSound {
  muted: boolean;
  toggleMuted: () => void;
}

/** Whether a new order plays a chime; the seller's choice is remembered on this device. */
export function useNewOrderSound(): NewOrderSound {
  const [muted, setMuted] = useState(readMuted);
  const toggleMuted = useCallback(() => {
    setMuted((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(MUTED_KEY, String(next));
      } catch {
        // not remembered, but still applied for this visit
      }
      return next;
    });
  }, []);
  return { muted, toggleMuted };
}
