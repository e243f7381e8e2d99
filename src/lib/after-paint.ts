/**
 * Runs `task` after the next frame has been painted: a task queued from a frame's callback runs after that frame's
 * paint. What a tap or the first paint shows is then on screen before `task` takes the main thread. Framework-free:
 * the storefront's entry uses it before React.
 */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
