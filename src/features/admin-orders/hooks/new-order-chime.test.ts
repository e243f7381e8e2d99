class FakeParam {
  value = 0;
  setValueAtTime = vi.fn();
  exponentialRampToValueAtTime = vi.fn();
}
class FakeNode {
  frequency = new FakeParam();
  gain = new FakeParam();
  type = '';
  connect = vi.fn((next: FakeNode) => next);
  start = vi.fn();
  stop = vi.fn();
}
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state: 'suspended' | 'running' = 'suspended';
  currentTime = 10;
  destination = new FakeNode();
  oscillators: FakeNode[] = [];
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createOscillator() {
    const node = new FakeNode();
    this.oscillators.push(node);
    return node;
  }
  createGain() {
    return new FakeNode();
  }
}

beforeEach(() => {
  vi.resetModules();
  FakeAudioContext.made = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => vi.unstubAllGlobals());

describe('new order chime', () => {
  it('plays two short rising notes made on the spot, no sound file', async () => {
    const { playNewOrderChime } = await import('./new-order-chime');
    playNewOrderChime();
    const [audio] = FakeAudioContext.made;
    expect(audio.oscillators.map((o) => o.frequency.value)).toEqual([880, 1318.5]);
    expect(audio.oscillators.map((o) => o.start.mock.calls[0][0])).toEqual([10, 10.18]);
    expect(audio.oscillators.every((o) => o.stop.mock.calls[0][0] - o.start.mock.calls[0][0] < 0.2)).toBe(
      true,
    );
    expect(audio.resume).toHaveBeenCalled();
  });

  it("wakes the audio on the seller's first click, once", async () => {
    const { wakeChimeOnFirstGesture } = await import('./new-order-chime');
    wakeChimeOnFirstGesture();
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('pointerdown'));
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(FakeAudioContext.made[0].resume).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without Web Audio', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const { playNewOrderChime } = await import('./new-order-chime');
    expect(() => playNewOrderChime()).not.toThrow();
    expect(FakeAudioContext.made).toHaveLength(0);
  });
});
