// A short two-note chime made with Web Audio: nothing to download, and it works offline.
type AudioContextConstructor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor: AudioContextConstructor | undefined =
    window.AudioContext ?? (window as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  if (!Constructor) return null;
  context = new Constructor();
  return context;
}

/**
 * Browsers keep audio silent until the page has been touched; the seller always clicks something on the
 * dashboard, so the context is woken on that first gesture and later chimes can play unattended.
 */
export function wakeChimeOnFirstGesture(): () => void {
  const wake = () => {
    void audioContext()?.resume();
    window.removeEventListener('pointerdown', wake);
    window.removeEventListener('keydown', wake);
  };
  window.addEventListener('pointerdown', wake);
  window.addEventListener('keydown', wake);
  return wake;
}

export function playNewOrderChime(): void {
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === 'suspended') void audio.resume();
  const start = audio.currentTime;
  [880, 1318.5].forEach((frequency, index) => {
    const at = start + index * 0.18;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.17);
  });
}
