/**
 * The dev server's script in the browser: listens to `/__dev/events`, updates the page
 * in place when its data changed (the app keeps its scroll position), reloads after code
 * or config changes, and shows problems (file:line:column and the cause) in an overlay.
 * Only the dev server serves it.
 */
type Problem = { file?: string; line?: number; column?: number; message: string; hint?: string; severity: 'error' | 'warning' };
type Message = { type: 'update'; paths: string[]; sidebars: boolean; pages?: Record<string, string> } | { type: 'reload' } | { type: 'problems'; problems: Problem[] };

const OVERLAY_ID = '__dev-overlay';

function showProblems(problems: Problem[]) {
  document.getElementById(OVERLAY_ID)?.remove();
  if (problems.length === 0) return;
  const overlay = document.createElement('div');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alert');
  overlay.style.cssText =
    'position:fixed;inset:auto 1rem 1rem 1rem;max-height:60vh;overflow:auto;z-index:10000;background:#1b1b1d;color:#f5f6f7;border-left:6px solid #e5484d;border-radius:8px;padding:1rem 1.25rem;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;box-shadow:0 8px 30px rgba(0,0,0,.4)';
  const errors = problems.filter((p) => p.severity === 'error').length;
  const title = document.createElement('div');
  title.style.cssText = 'font-weight:700;margin-bottom:.5rem;font-family:system-ui,sans-serif';
  title.textContent = errors > 0 ? `${errors} error${errors === 1 ? '' : 's'}: the page shows the last good version` : `${problems.length} warning${problems.length === 1 ? '' : 's'}`;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Dismiss';
  close.style.cssText = 'float:right;font:inherit;background:#303236;color:inherit;border:0;border-radius:4px;padding:.1rem .6rem;cursor:pointer';
  close.onclick = () => overlay.remove();
  overlay.append(close, title);
  for (const p of problems) {
    const item = document.createElement('pre');
    item.style.cssText = `margin:.5rem 0 0;white-space:pre-wrap;color:${p.severity === 'error' ? '#ff9592' : '#f5d90a'}`;
    const where = p.file ? `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''}: ` : '';
    item.textContent = `${where}${p.message}${p.hint ? `\n  ${p.hint}` : ''}`;
    overlay.append(item);
  }
  document.body.append(overlay);
}

function connect() {
  const events = new EventSource('/__dev/events');
  events.onmessage = (event) => {
    const message = JSON.parse(event.data as string) as Message;
    if (message.type === 'problems') showProblems(message.problems);
    else if (message.type === 'reload') {
      sessionStorage.setItem('__dev-scroll', JSON.stringify({ path: location.pathname, y: scrollY }));
      location.reload();
    } else window.dispatchEvent(new CustomEvent('site:dev-update', { detail: message }));
  };
  events.onerror = () => {
    // The server restarted or stopped: try again shortly (EventSource retries by itself).
  };
}

const saved = sessionStorage.getItem('__dev-scroll');
if (saved) {
  sessionStorage.removeItem('__dev-scroll');
  const { path, y } = JSON.parse(saved) as { path: string; y: number };
  if (path === location.pathname) addEventListener('load', () => scrollTo(0, y));
}
connect();
